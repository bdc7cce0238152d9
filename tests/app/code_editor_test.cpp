// The editor widget in a headless ImGui frame (no window, no GL): typed characters all arrive,
// keys edit, Ctrl+Enter asks to compile, the shell's shortcuts are told to stand aside, and the
// marks draw without tripping ImGui. What it looks like is the exercise pane's GUI test.
#include <gtest/gtest.h>

#include <imgui.h>

#include <cfloat>
#include <functional>

#include "widgets/code_editor.h"

using namespace cudalab::app::widgets;

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
#if IMGUI_VERSION_NUM < 18700
    // 1.86 reads keys through the backend's map; any distinct indices do here.
    const ImGuiKey keys[] = {ImGuiKey_Tab,       ImGuiKey_LeftArrow,   ImGuiKey_RightArrow, ImGuiKey_UpArrow,
                             ImGuiKey_DownArrow, ImGuiKey_PageUp,      ImGuiKey_PageDown,   ImGuiKey_Home,
                             ImGuiKey_End,       ImGuiKey_Delete,      ImGuiKey_Backspace,  ImGuiKey_Enter,
                             ImGuiKey_Escape,    ImGuiKey_KeyPadEnter, ImGuiKey_A,          ImGuiKey_C,
                             ImGuiKey_V,         ImGuiKey_X,           ImGuiKey_Y,          ImGuiKey_Z};
    for (int i = 0; i < static_cast<int>(std::size(keys)); ++i) io.KeyMap[keys[i]] = 100 + i;
#endif
  }
  void TearDown() override {
    ImGui::DestroyContext();
  }

  // One frame with the editor filling a window; `before` sets this frame's input.
  CodeEditorEvents frame(CodeText& text, const CodeEditorOptions& opts,
                         const std::function<void(ImGuiIO&)>& before = {}) {
    ImGuiIO& io = ImGui::GetIO();
    if (before) before(io);
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

  // Presses `key` (with Ctrl when asked) for one frame and lets it go the next.
  CodeEditorEvents press(CodeText& text, const CodeEditorOptions& opts, ImGuiKey key, bool ctrl = false) {
#if IMGUI_VERSION_NUM < 18700
    const int index = ImGui::GetIO().KeyMap[key];
    const CodeEditorEvents events = frame(text, opts, [&](ImGuiIO& io) {
      io.KeyCtrl = ctrl;
      io.KeysDown[index] = true;
    });
    frame(text, opts, [&](ImGuiIO& io) {
      io.KeyCtrl = false;
      io.KeysDown[index] = false;
    });
#else
    const CodeEditorEvents events = frame(text, opts, [&](ImGuiIO& io) {
      io.AddKeyEvent(ImGuiMod_Ctrl, ctrl);
      io.AddKeyEvent(key, true);
    });
    frame(text, opts, [&](ImGuiIO& io) {
      io.AddKeyEvent(ImGuiMod_Ctrl, false);
      io.AddKeyEvent(key, false);
    });
#endif
    return events;
  }
};

}  // namespace

TEST_F(HeadlessImGui, EveryQueuedCharacterArrivesInOneFrame) {
  CodeText text;
  CodeEditorOptions opts;
  opts.take_focus = true;
  frame(text, opts);
  opts.take_focus = false;
  // A slow frame: the whole line was typed before it started.
  const CodeEditorEvents events = frame(text, opts, [](ImGuiIO& io) {
    for (const char c : std::string_view("int x = 1;")) io.AddInputCharacter(static_cast<unsigned>(c));
    io.AddInputCharacter(0xB5);  // µ
  });
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
  CodeEditorOptions opts;
  opts.take_focus = true;
  frame(text, opts);
  opts.take_focus = false;
  press(text, opts, ImGuiKey_Enter);
  EXPECT_EQ(text.text(), "  int i;\n  ");
  const CodeEditorEvents compile = press(text, opts, ImGuiKey_Enter, /*ctrl=*/true);
  EXPECT_TRUE(compile.compile_requested);
  EXPECT_EQ(text.text(), "  int i;\n  ");
  press(text, opts, ImGuiKey_Z, /*ctrl=*/true);
  EXPECT_EQ(text.text(), "  int i;");
  press(text, opts, ImGuiKey_Backspace);
  EXPECT_EQ(text.text(), "  int i");
  press(text, opts, ImGuiKey_A, /*ctrl=*/true);
  press(text, opts, ImGuiKey_C, /*ctrl=*/true);
  EXPECT_STREQ(ImGui::GetClipboardText(), "  int i");
  press(text, opts, ImGuiKey_X, /*ctrl=*/true);
  EXPECT_EQ(text.text(), "");
  press(text, opts, ImGuiKey_V, /*ctrl=*/true);
  press(text, opts, ImGuiKey_V, /*ctrl=*/true);
  EXPECT_EQ(text.text(), "  int i  int i");
}

TEST_F(HeadlessImGui, ReadOnlyMovesButDoesNotEdit) {
  CodeText text("abc");
  CodeEditorOptions opts;
  opts.read_only = true;
  opts.take_focus = true;
  frame(text, opts);
  opts.take_focus = false;
  frame(text, opts, [](ImGuiIO& io) { io.AddInputCharacter('x'); });
  press(text, opts, ImGuiKey_Delete);
  press(text, opts, ImGuiKey_End);
  EXPECT_EQ(text.text(), "abc");
  EXPECT_EQ(text.cursor(), (TextPos{0, 3}));
}

TEST_F(HeadlessImGui, UnfocusedEditorTakesNoKeys) {
  CodeText text("abc");
  CodeEditorOptions opts;
  const CodeEditorEvents events = frame(text, opts, [](ImGuiIO& io) { io.AddInputCharacter('x'); });
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
  frame(text, opts, [](ImGuiIO& io) { io.AddInputCharacter('!'); });
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
