// The editor widget in a headless ImGui frame (no window, no GL): typed characters all arrive,
// keys edit, Ctrl+Enter asks to compile, the shell's shortcuts are told to stand aside, and the
// marks draw without tripping ImGui. Keys arrive as the window reports them (input/key_events.h):
// every press here is pressed and released inside one frame, the case that ImGui 1.86's per-frame
// key state misread. What it looks like is the exercise pane's GUI test.
#include <gtest/gtest.h>

#include <imgui.h>

#include <cfloat>
#include <functional>

#include "input/key_events.h"
#include "widgets/code_editor.h"

using namespace cudalab::app::widgets;
using cudalab::app::input::Key;
using cudalab::app::input::KeyEvent;
using cudalab::app::input::KeyEvents;
using cudalab::app::input::KeyMods;

namespace {

class HeadlessImGui : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(900, 700);
    io.DeltaTime = 1.f / 60.f;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    keys().clear();
  }
  void TearDown() override {
    keys().clear();
    ImGui::DestroyContext();
  }
  static KeyEvents& keys() { return cudalab::app::input::main_window_keys(); }

  // One frame with the editor filling a window; `before` sets this frame's input.
  CodeEditorEvents frame(CodeText& text, const CodeEditorOptions& opts,
                         const std::function<void(ImGuiIO&)>& before = {}) {
    ImGuiIO& io = ImGui::GetIO();
    if (before) before(io);
    keys().begin_frame();
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("pane", nullptr, ImGuiWindowFlags_NoDecoration);
    CodeEditorEvents events;
    draw_code_editor("editor", text, opts, &events);
    ImGui::End();
    ImGui::Render();
    return events;
  }

  // A first frame that gives the editor the keyboard (as a click would); the options for the next.
  CodeEditorOptions focused(CodeText& text, CodeEditorOptions opts = {}) {
    opts.take_focus = true;
    frame(text, opts);
    opts.take_focus = false;
    return opts;
  }

  // A quick chord, as a fast hand makes it: Ctrl (when asked) down, `key` down and up, Ctrl up, all
  // before the frame that reads them.
  static void tap(Key key, KeyMods mods = {}) {
    keys().add_key(key, KeyEvent::Kind::press, mods);
    keys().add_key(key, KeyEvent::Kind::release, mods);
  }
  CodeEditorEvents press(CodeText& text, const CodeEditorOptions& opts, Key key, bool ctrl = false) {
    tap(key, KeyMods{.ctrl = ctrl});
    return frame(text, opts);
  }
  static void type(std::string_view ascii) {
    for (const char c : ascii) keys().add_character(static_cast<unsigned char>(c));
  }
};

}  // namespace

TEST_F(HeadlessImGui, EveryQueuedCharacterArrivesInOneFrame) {
  CodeText text;
  const CodeEditorOptions opts = focused(text);
  // A slow frame: the whole line was typed before it started.
  type("int x = 1;");
  keys().add_character(0xB5);  // µ
  ImGui::GetIO().AddInputCharacter('q');  // ImGui's own copy of what was typed: taken, not typed twice
  const CodeEditorEvents events = frame(text, opts);
  EXPECT_EQ(text.text(), "int x = 1;\xC2\xB5");
  EXPECT_TRUE(events.changed);
  EXPECT_TRUE(events.focused);
  EXPECT_TRUE(ImGui::GetIO().InputQueueCharacters.empty());
  EXPECT_EQ(text.undo_steps(), 1u);
  frame(text, opts);
  EXPECT_TRUE(ImGui::GetIO().WantTextInput) << "the shell's single-key shortcuts must stand aside";
}

TEST_F(HeadlessImGui, KeysEditAndCtrlEnterAsksToCompile) {
  CodeText text("  int i;");
  text.move(TextMove::line_end, false);
  const CodeEditorOptions opts = focused(text);
  press(text, opts, Key::enter);
  EXPECT_EQ(text.text(), "  int i;\n  ");
  const CodeEditorEvents compile = press(text, opts, Key::enter, /*ctrl=*/true);
  EXPECT_TRUE(compile.compile_requested);
  EXPECT_EQ(text.text(), "  int i;\n  ");
  press(text, opts, Key::z, /*ctrl=*/true);
  EXPECT_EQ(text.text(), "  int i;");
  press(text, opts, Key::backspace);
  EXPECT_EQ(text.text(), "  int i");
  press(text, opts, Key::a, /*ctrl=*/true);
  press(text, opts, Key::c, /*ctrl=*/true);
  EXPECT_STREQ(ImGui::GetClipboardText(), "  int i");
  press(text, opts, Key::x, /*ctrl=*/true);
  EXPECT_EQ(text.text(), "");
  press(text, opts, Key::v, /*ctrl=*/true);
  press(text, opts, Key::v, /*ctrl=*/true);
  EXPECT_EQ(text.text(), "  int i  int i");
}

// Issue #25: quick Ctrl+Enter presses in the guard exercise were read as Enter under ImGui 1.86 (a
// newline typed, no check). Each chord here goes down and up inside one frame, Ctrl included.
TEST_F(HeadlessImGui, QuickCtrlEnterAlwaysChecksAndNeverTypes) {
  CodeText text("  int i;");
  text.move(TextMove::line_end, false);
  const CodeEditorOptions opts = focused(text);
  for (int attempt = 0; attempt < 8; ++attempt) {
    tap(Key::enter, KeyMods{.ctrl = true});
    const CodeEditorEvents events = frame(text, opts);
    EXPECT_TRUE(events.compile_requested) << "attempt " << attempt;
  }
  tap(Key::keypad_enter, KeyMods{.ctrl = true});
  EXPECT_TRUE(frame(text, opts).compile_requested);
  EXPECT_EQ(text.text(), "  int i;");
  // A plain Enter and then a Ctrl+Enter in the same frame: one newline, and a check.
  tap(Key::enter);
  tap(Key::enter, KeyMods{.ctrl = true});
  EXPECT_TRUE(frame(text, opts).compile_requested);
  EXPECT_EQ(text.text(), "  int i;\n  ");
  // A check is asked by the press, not by its auto-repeats.
  keys().add_key(Key::enter, KeyEvent::Kind::repeat, KeyMods{.ctrl = true});
  EXPECT_FALSE(frame(text, opts).compile_requested);
  EXPECT_EQ(text.text(), "  int i;\n  ");
}

TEST_F(HeadlessImGui, KeysAndCharactersOfOneFrameKeepTheirOrder) {
  CodeText text;
  const CodeEditorOptions opts = focused(text);
  type("a");
  tap(Key::enter);
  type("b");
  tap(Key::left, KeyMods{.shift = true});
  type("c");
  frame(text, opts);
  EXPECT_EQ(text.text(), "a\nc");
  // A held arrow: one move per auto-repeat the window system sent, however long the frame was.
  keys().add_key(Key::left, KeyEvent::Kind::press, {});
  for (int repeat = 0; repeat < 2; ++repeat) keys().add_key(Key::left, KeyEvent::Kind::repeat, {});
  frame(text, opts);
  EXPECT_EQ(text.cursor(), (TextPos{0, 0}));
  EXPECT_TRUE(keys().down(Key::left));
  // Alt and Super chords belong to the window manager: nothing happens to the text.
  tap(Key::backspace, KeyMods{.alt = true});
  tap(Key::v, KeyMods{.ctrl = true, .super = true});
  frame(text, opts);
  EXPECT_EQ(text.text(), "a\nc");
}

TEST_F(HeadlessImGui, ReadOnlyMovesButDoesNotEdit) {
  CodeText text("abc");
  CodeEditorOptions opts;
  opts.read_only = true;
  opts = focused(text, opts);
  type("x");
  frame(text, opts);
  press(text, opts, Key::del);
  press(text, opts, Key::end);
  EXPECT_EQ(text.text(), "abc");
  EXPECT_EQ(text.cursor(), (TextPos{0, 3}));
}

TEST_F(HeadlessImGui, UnfocusedEditorTakesNoKeys) {
  CodeText text("abc");
  CodeEditorOptions opts;
  type("x");
  tap(Key::backspace);
  const CodeEditorEvents events = frame(text, opts);
  EXPECT_FALSE(events.focused);
  EXPECT_EQ(text.text(), "abc");
}

TEST_F(HeadlessImGui, ClickPlacesTheCursorAndMarksDraw) {
  CodeText text("__global__ void k(int* a) {\n  a[threadIdx.x] = 1\n}\n/* open\n  comment */");
  const CodeDiagnostic diagnostics[] = {{2, 20, DiagnosticSeverity::error, "expected ';'"},
                                        {2, 0, DiagnosticSeverity::warning, "unused"},
                                        {99, 1, DiagnosticSeverity::error, "past the end"}};
  const int highlight[] = {1, 2, 50};
  CodeEditorOptions opts;
  opts.diagnostics = diagnostics;
  opts.highlight_lines = highlight;
  frame(text, opts);
  // Far down and right: the last line's end.
  frame(text, opts, [](ImGuiIO& io) {
    io.MousePos = ImVec2(880, 300);
    io.MouseDown[0] = true;
  });
  frame(text, opts, [](ImGuiIO& io) { io.MouseDown[0] = false; });
  EXPECT_EQ(text.cursor(), (TextPos{4, static_cast<int>(text.line(4).size())}));
  EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 0);
  // Typing after the click goes where it was put.
  type("!");
  frame(text, opts);
  EXPECT_EQ(text.line(4), "  comment */!");
}

TEST_F(HeadlessImGui, DoubleClickSelectsAWord) {
  CodeText text("__global__ void kernel();");
  CodeEditorOptions opts;
  frame(text, opts);
  // Inside "kernel": cell 18 of line 0, measured as the editor measures (ImGui's font here).
  const ImFont* font = ImGui::GetFont();
  const float cell = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.f, " ").x;
  const ImVec2 padding = ImGui::GetStyle().WindowPadding;
  const float gutter = cell * 5.f, text_left = padding.x + gutter + cell * 0.5f;
  const ImVec2 at(text_left + cell * 18.2f, padding.y + font->FontSize * 0.6f);
  for (int click = 0; click < 2; ++click) {
    frame(text, opts, [&](ImGuiIO& io) {
      io.MousePos = at;
      io.MouseDown[0] = true;
    });
    frame(text, opts, [](ImGuiIO& io) { io.MouseDown[0] = false; });
  }
  EXPECT_EQ(text.selected_text(), "kernel");
}
