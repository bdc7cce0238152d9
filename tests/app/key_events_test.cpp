// The keyboard queue the editor and the shell's shortcuts read (app/input/key_events.h) and the
// GLFW callback that fills it (app/shell/key_capture.h): order, modifiers of the moment, chords,
// held keys, and what a frame sees.
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "input/key_events.h"
#include "shell/key_capture.h"

using namespace cudalab::app;
using input::Chord;
using input::Key;
using input::KeyEvent;
using input::KeyEvents;

TEST(KeyEvents, AFrameSeesWhatArrivedBeforeItAndNothingLater) {
  KeyEvents keys;
  keys.add_key(Key::right, KeyEvent::Kind::press, {});
  keys.add_key(Key::right, KeyEvent::Kind::release, {});
  EXPECT_EQ(keys.count({Key::right}), 0) << "not yet: the frame has not begun";
  keys.begin_frame();
  EXPECT_EQ(keys.count({Key::right}), 1);
  keys.add_key(Key::right, KeyEvent::Kind::press, {});  // during the frame: the next one's
  EXPECT_EQ(keys.count({Key::right}), 1);
  keys.begin_frame();
  EXPECT_EQ(keys.count({Key::right}), 1);
  keys.begin_frame();
  EXPECT_TRUE(keys.empty());
}

TEST(KeyEvents, ChordsMatchCtrlExactlyAndNeverAltOrSuper) {
  KeyEvents keys;
  keys.add_key(Key::equal, KeyEvent::Kind::press, {.ctrl = true, .shift = true});  // Ctrl + on US keyboards
  keys.add_key(Key::equal, KeyEvent::Kind::repeat, {.ctrl = true});
  keys.add_key(Key::equal, KeyEvent::Kind::press, {});
  keys.add_key(Key::equal, KeyEvent::Kind::press, {.ctrl = true, .alt = true});
  keys.add_key(Key::equal, KeyEvent::Kind::press, {.super = true});
  keys.begin_frame();
  EXPECT_EQ(keys.count(Chord{Key::equal, true}), 2);
  EXPECT_EQ(keys.count(Chord{Key::equal, true}, /*repeats=*/false), 1);
  EXPECT_EQ(keys.count(Chord{Key::equal}), 1);
  EXPECT_EQ(keys.count(Chord{Key::minus, true}), 0);
}

TEST(KeyEvents, HeldKeysFollowPressAndReleaseAndClearForgetsThem) {
  KeyEvents keys;
  keys.add_key(Key::l, KeyEvent::Kind::press, {});
  EXPECT_TRUE(keys.down(Key::l));
  keys.add_key(Key::l, KeyEvent::Kind::repeat, {});
  EXPECT_TRUE(keys.down(Key::l));
  keys.add_key(Key::l, KeyEvent::Kind::release, {});
  EXPECT_FALSE(keys.down(Key::l));
  keys.add_key(Key::p, KeyEvent::Kind::press, {});
  keys.add_character(U'p');
  keys.clear();
  EXPECT_FALSE(keys.down(Key::p));
  keys.begin_frame();
  EXPECT_TRUE(keys.empty());
}

TEST(KeyCapture, GlfwEventsKeepTheirModifiersAndOrder) {
  KeyEvents keys;
  // What GLFW reports for a fast Ctrl+Enter: Ctrl itself (not bound: left out), then Enter with
  // the Ctrl bit, both releases; then a character and a keypad Enter with Shift.
  record_glfw_key(keys, GLFW_KEY_LEFT_CONTROL, GLFW_PRESS, 0);
  record_glfw_key(keys, GLFW_KEY_ENTER, GLFW_PRESS, GLFW_MOD_CONTROL);
  record_glfw_key(keys, GLFW_KEY_ENTER, GLFW_RELEASE, GLFW_MOD_CONTROL);
  record_glfw_key(keys, GLFW_KEY_LEFT_CONTROL, GLFW_RELEASE, GLFW_MOD_CONTROL);
  keys.add_character(U'x');
  record_glfw_key(keys, GLFW_KEY_KP_ENTER, GLFW_REPEAT, GLFW_MOD_SHIFT | GLFW_MOD_ALT | GLFW_MOD_SUPER);
  record_glfw_key(keys, GLFW_KEY_F13, GLFW_PRESS, 0);  // bound by nobody: left out
  keys.begin_frame();
  const auto& events = keys.frame_events();
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[0].key, Key::enter);
  EXPECT_EQ(events[0].kind, KeyEvent::Kind::press);
  EXPECT_TRUE(events[0].mods.ctrl);
  EXPECT_FALSE(events[0].mods.shift);
  EXPECT_EQ(events[1].kind, KeyEvent::Kind::release);
  EXPECT_EQ(events[2].kind, KeyEvent::Kind::character);
  EXPECT_EQ(events[2].character, U'x');
  EXPECT_EQ(events[3].key, Key::keypad_enter);
  EXPECT_EQ(events[3].kind, KeyEvent::Kind::repeat);
  EXPECT_EQ(events[3].mods, (input::KeyMods{false, true, true, true}));
}

TEST(KeyCapture, EveryBoundKeyHasAGlfwKey) {
  // The shortcuts README lists and the editor's keys: each GLFW key reaches its own Key.
  const std::pair<int, Key> table[] = {{GLFW_KEY_ENTER, Key::enter},
                                       {GLFW_KEY_KP_ENTER, Key::keypad_enter},
                                       {GLFW_KEY_TAB, Key::tab},
                                       {GLFW_KEY_BACKSPACE, Key::backspace},
                                       {GLFW_KEY_DELETE, Key::del},
                                       {GLFW_KEY_ESCAPE, Key::escape},
                                       {GLFW_KEY_LEFT, Key::left},
                                       {GLFW_KEY_RIGHT, Key::right},
                                       {GLFW_KEY_UP, Key::up},
                                       {GLFW_KEY_DOWN, Key::down},
                                       {GLFW_KEY_HOME, Key::home},
                                       {GLFW_KEY_END, Key::end},
                                       {GLFW_KEY_PAGE_UP, Key::page_up},
                                       {GLFW_KEY_PAGE_DOWN, Key::page_down},
                                       {GLFW_KEY_A, Key::a},
                                       {GLFW_KEY_C, Key::c},
                                       {GLFW_KEY_L, Key::l},
                                       {GLFW_KEY_P, Key::p},
                                       {GLFW_KEY_V, Key::v},
                                       {GLFW_KEY_X, Key::x},
                                       {GLFW_KEY_Y, Key::y},
                                       {GLFW_KEY_Z, Key::z},
                                       {GLFW_KEY_0, Key::digit_0},
                                       {GLFW_KEY_EQUAL, Key::equal},
                                       {GLFW_KEY_MINUS, Key::minus},
                                       {GLFW_KEY_KP_ADD, Key::keypad_add},
                                       {GLFW_KEY_KP_SUBTRACT, Key::keypad_subtract},
                                       {GLFW_KEY_F5, Key::f5},
                                       {GLFW_KEY_F11, Key::f11}};
  EXPECT_EQ(std::size(table), static_cast<std::size_t>(Key::count_) - 1) << "a Key without a GLFW key";
  for (const auto& [glfw_key, key] : table) {
    KeyEvents keys;
    record_glfw_key(keys, glfw_key, GLFW_PRESS, 0);
    keys.begin_frame();
    ASSERT_EQ(keys.frame_events().size(), 1u) << glfw_key;
    EXPECT_EQ(keys.frame_events()[0].key, key) << glfw_key;
  }
}
