#pragma once
// The keyboard as the window reported it: every key press, auto-repeat, release and typed
// character between two frames, in the order they happened, each key with the modifiers held at
// that moment. The editor and the shell's shortcuts read chords from here, not from ImGui's
// per-frame key state: ImGui 1.86 (Debian 12) keeps no input queue, so a quick Ctrl+Enter whose
// press and release both fall inside one frame reached the editor as a plain Enter (the Ctrl was
// already up when the frame looked) and typed a newline instead of checking. Here the chord is what
// the window system said when Enter went down.
//
// Free of GLFW and ImGui: shell/key_capture.* fills it from the window's callbacks, tests fill it
// by hand. One main window per process, so one queue: main_window_keys().
//
//   KeyEvents& keys = main_window_keys();
//   keys.begin_frame();                                  // once, before the frame is built
//   if (keys.count({Key::right}) > 0) next_step();       // presses and repeats of a plain →
//   for (const KeyEvent& e : keys.frame_events()) ...    // the editor: everything, in order
#include <cstdint>
#include <vector>

namespace cudalab::app::input {

// The keys CUDA Lab binds (README's table and the editor's keys), named independently of GLFW and
// of any ImGui version; other keys are not queued (`other` is only the default value).
enum class Key : std::uint8_t {
  other,
  enter,
  keypad_enter,
  tab,
  backspace,
  del,
  escape,
  left,
  right,
  up,
  down,
  home,
  end,
  page_up,
  page_down,
  a,
  c,
  l,
  p,
  v,
  x,
  y,
  z,
  digit_0,
  equal,
  minus,
  keypad_add,
  keypad_subtract,
  f5,
  f11,
  count_  // not a key: the number of them
};

struct KeyMods {
  bool ctrl = false, shift = false, alt = false, super = false;
  bool operator==(const KeyMods&) const = default;
};

struct KeyEvent {
  enum class Kind : std::uint8_t { press, repeat, release, character };
  Kind kind = Kind::press;
  Key key = Key::other;    // press, repeat, release
  KeyMods mods;            // press, repeat, release: as they were when it happened
  char32_t character = 0;  // character: the Unicode code point typed

  bool is_press() const { return kind == Kind::press || kind == Kind::repeat; }
};

// A shortcut: a key with Ctrl or without it. Alt and Super never match (they belong to the window
// manager and to AltGr layouts); Shift is free ("Ctrl +" is Ctrl+Shift+= on many layouts).
struct Chord {
  Key key = Key::other;
  bool ctrl = false;
};

class KeyEvents {
 public:
  // From the window system, in the order it reports them.
  void add_key(Key key, KeyEvent::Kind kind, KeyMods mods);
  void add_character(char32_t character);
  // Drops what is held and waiting: the window lost the keyboard (GLFW sends releases then too).
  void clear();

  // Before each frame: what arrived since the previous one becomes this frame's events.
  void begin_frame();
  const std::vector<KeyEvent>& frame_events() const { return frame_; }
  // Presses of `chord` this frame; `repeats`: the key's auto-repeats count too.
  int count(Chord chord, bool repeats = true) const;
  // Down now, by press and release events (callbacks run between frames, so during a frame this
  // is the state after its events).
  bool down(Key key) const { return down_[static_cast<std::size_t>(key)]; }
  // Whether this frame holds anything at all (a frame after input should be drawn).
  bool empty() const { return frame_.empty(); }

 private:
  std::vector<KeyEvent> arriving_, frame_;
  bool down_[static_cast<std::size_t>(Key::count_)] = {};
};

// The main window's queue (the audience window of presenter mode has its own ImGui context and no
// editor; its keys are not here).
KeyEvents& main_window_keys();

}  // namespace cudalab::app::input
