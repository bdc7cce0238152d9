#include "input/key_events.h"

namespace cudalab::app::input {

void KeyEvents::add_key(Key key, KeyEvent::Kind kind, KeyMods mods) {
  if (kind == KeyEvent::Kind::character) return;
  arriving_.push_back(KeyEvent{kind, key, mods, 0});
  if (key != Key::other) down_[static_cast<std::size_t>(key)] = kind != KeyEvent::Kind::release;
}

void KeyEvents::add_character(char32_t character) {
  arriving_.push_back(KeyEvent{KeyEvent::Kind::character, Key::other, {}, character});
}

void KeyEvents::clear() {
  arriving_.clear();
  frame_.clear();
  for (bool& key_down : down_) key_down = false;
}

void KeyEvents::begin_frame() {
  frame_.swap(arriving_);
  arriving_.clear();
}

int KeyEvents::count(Chord chord, bool repeats) const {
  int presses = 0;
  for (const KeyEvent& event : frame_) {
    const bool counted = event.kind == KeyEvent::Kind::press || (repeats && event.kind == KeyEvent::Kind::repeat);
    if (counted && event.key == chord.key && event.mods.ctrl == chord.ctrl && !event.mods.alt && !event.mods.super) {
      ++presses;
    }
  }
  return presses;
}

KeyEvents& main_window_keys() {
  static KeyEvents keys;
  return keys;
}

}  // namespace cudalab::app::input
