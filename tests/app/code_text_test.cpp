// The editor's model: every rule a student meets while typing a kernel, without a window.
#include <gtest/gtest.h>

#include "widgets/code_text.h"

using namespace cudalab::app::widgets;

namespace {

CodeText typed(std::string_view keys) {
  CodeText text;
  text.type(keys);
  return text;
}

}  // namespace

TEST(CodeText, TypingAndLines) {
  CodeText text("int a;\nint b;");
  EXPECT_EQ(text.line_count(), 2);
  text.set_cursor({0, 3});
  text.type(" x");
  EXPECT_EQ(text.text(), "int x a;\nint b;");
  EXPECT_EQ(text.cursor(), (TextPos{0, 5}));
  text.type("\x01\t");  // control characters never reach the text
  EXPECT_EQ(text.line(0), "int x a;");
}

TEST(CodeText, SetTextDropsCarriageReturnsAndResets) {
  CodeText text;
  text.set_text("a\r\nb\rc\n");
  EXPECT_EQ(text.text(), "a\nb\nc\n");
  EXPECT_EQ(text.line_count(), 4);
  EXPECT_FALSE(text.can_undo());
  EXPECT_FALSE(text.modified());
}

TEST(CodeText, BackspaceAndDeleteJoinLines) {
  CodeText text("ab\ncd");
  text.set_cursor({1, 0});
  text.backspace();
  EXPECT_EQ(text.text(), "abcd");
  EXPECT_EQ(text.cursor(), (TextPos{0, 2}));
  text.set_text("ab\ncd");
  text.set_cursor({0, 2});
  text.delete_forward();
  EXPECT_EQ(text.text(), "abcd");
  text.set_cursor({0, 0});
  text.backspace();  // nothing before the start
  text.move(TextMove::text_end, false);
  text.delete_forward();  // nothing after the end
  EXPECT_EQ(text.text(), "abcd");
}

TEST(CodeText, Utf8CharactersMoveAndDeleteWhole) {
  CodeText text("a\xC2\xB5\xE2\x86\x92z");  // a µ → z
  text.set_cursor({0, 1});
  text.move(TextMove::char_right, false);
  EXPECT_EQ(text.cursor().column, 3);
  text.move(TextMove::char_right, false);
  EXPECT_EQ(text.cursor().column, 6);
  text.backspace();
  EXPECT_EQ(text.text(), "a\xC2\xB5z");
  text.move(TextMove::char_left, false);
  EXPECT_EQ(text.cursor().column, 1);
  text.set_cursor({0, 2});  // inside µ: snaps to its start
  EXPECT_EQ(text.cursor().column, 1);
  EXPECT_EQ(text.display_column({0, 4}), 3);
  EXPECT_EQ(text.column_at_display(0, 2), 3);
}

TEST(CodeText, TabsTakeFourCells) {
  CodeText text("\tx");
  EXPECT_EQ(text.display_column({0, 1}), 4);
  EXPECT_EQ(text.column_at_display(0, 5), 2);
  EXPECT_EQ(text.column_at_display(0, 3), 0);
}

TEST(CodeText, NewLineKeepsIndentAndDeepensAfterBrace) {
  CodeText text("    x = 1;");
  text.move(TextMove::line_end, false);
  text.new_line();
  EXPECT_EQ(text.text(), "    x = 1;\n    ");
  EXPECT_EQ(text.cursor(), (TextPos{1, 4}));
  text.set_text("  if (i < n) {");
  text.move(TextMove::line_end, false);
  text.new_line();
  EXPECT_EQ(text.line(1), "    ");
  text.set_text("  ab");
  text.set_cursor({0, 1});  // inside the indentation: only what is left of the cursor carries
  text.new_line();
  EXPECT_EQ(text.text(), " \n  ab");
}

TEST(CodeText, TabInsertsTwoSpacesAndBackspaceTakesThemBack) {
  CodeText text("x");
  text.indent();
  EXPECT_EQ(text.text(), "  x");
  text.indent();
  EXPECT_EQ(text.cursor(), (TextPos{0, 4}));
  text.backspace();
  EXPECT_EQ(text.text(), "  x");
}

TEST(CodeText, TabAndShiftTabOnSelectedLines) {
  CodeText text("a\n  b\n    c\nd");
  text.select({0, 0}, {3, 0});  // ends at the start of "d": that line stays
  text.indent();
  EXPECT_EQ(text.text(), "  a\n    b\n      c\nd");
  text.unindent();
  EXPECT_EQ(text.text(), "a\n  b\n    c\nd");
  text.unindent();
  EXPECT_EQ(text.text(), "a\nb\n  c\nd");
  EXPECT_EQ(text.selection_begin(), (TextPos{0, 0}));
  EXPECT_EQ(text.selection_end(), (TextPos{3, 0}));
  text.undo();
  EXPECT_EQ(text.text(), "a\n  b\n    c\nd");
}

TEST(CodeText, ShiftTabWithoutSelectionUnindentsTheLine) {
  CodeText text("   x\n\ty");
  text.set_cursor({0, 4});
  text.unindent();
  EXPECT_EQ(text.line(0), " x");
  EXPECT_EQ(text.cursor(), (TextPos{0, 2}));
  text.set_cursor({1, 1});
  text.unindent();
  EXPECT_EQ(text.line(1), "y");
  text.set_cursor({1, 0});
  text.unindent();  // nothing to take: no undo step
  EXPECT_EQ(text.undo_steps(), 2u);
}

TEST(CodeText, PasteOverASelectionAcrossLines) {
  CodeText text("first line\nsecond line\nthird");
  text.select({0, 6}, {2, 2});
  EXPECT_EQ(text.selected_text(), "line\nsecond line\nth");
  text.paste("A\r\nB\nC");
  EXPECT_EQ(text.text(), "first A\nB\nCird");
  EXPECT_EQ(text.cursor(), (TextPos{2, 1}));
  EXPECT_FALSE(text.has_selection());
  text.undo();
  EXPECT_EQ(text.text(), "first line\nsecond line\nthird");
  EXPECT_EQ(text.selected_text(), "line\nsecond line\nth");
}

TEST(CodeText, CutAndSelectAll) {
  CodeText text("ab\ncd");
  text.select_all();
  EXPECT_EQ(text.selected_text(), "ab\ncd");
  text.select({0, 1}, {1, 1});
  EXPECT_EQ(text.cut(), "b\nc");
  EXPECT_EQ(text.text(), "ad");
  EXPECT_EQ(text.cut(), "");
}

TEST(CodeText, TypingGroupsIntoOneUndoStep) {
  CodeText text = typed("abc");
  text.type("d");
  EXPECT_EQ(text.undo_steps(), 1u);
  text.move(TextMove::char_left, false);  // a move ends the group
  text.type("X");
  EXPECT_EQ(text.text(), "abcXd");
  EXPECT_EQ(text.undo_steps(), 2u);
  text.undo();
  EXPECT_EQ(text.text(), "abcd");
  text.undo();
  EXPECT_EQ(text.text(), "");
  EXPECT_FALSE(text.undo());
  text.redo();
  text.redo();
  EXPECT_EQ(text.text(), "abcXd");
  EXPECT_EQ(text.cursor(), (TextPos{0, 4}));
}

TEST(CodeText, PauseAndOtherEditsEndTheGroup) {
  CodeText text = typed("ab");
  text.break_undo_group();
  text.type("c");
  text.new_line();
  text.type("d");
  EXPECT_EQ(text.undo_steps(), 4u);
}

TEST(CodeText, BackspacesGroupIntoOneStep) {
  CodeText text("hello");
  text.move(TextMove::text_end, false);
  text.backspace();
  text.backspace();
  text.backspace();
  EXPECT_EQ(text.text(), "he");
  EXPECT_EQ(text.undo_steps(), 1u);
  text.undo();
  EXPECT_EQ(text.text(), "hello");
  EXPECT_EQ(text.cursor(), (TextPos{0, 5}));
}

TEST(CodeText, TypingOverASelectionUndoesInOneStep) {
  CodeText text("int x;");
  text.select({0, 4}, {0, 5});
  text.type("i");
  text.type("dx");
  EXPECT_EQ(text.text(), "int idx;");
  text.undo();
  EXPECT_EQ(text.text(), "int x;");
  EXPECT_EQ(text.selected_text(), "x");
}

TEST(CodeText, NewEditDropsRedo) {
  CodeText text = typed("one");
  text.break_undo_group();
  text.type(" two");
  text.undo();
  EXPECT_TRUE(text.can_redo());
  text.type("!");
  EXPECT_FALSE(text.can_redo());
  EXPECT_FALSE(text.redo());
  EXPECT_EQ(text.text(), "one!");
}

TEST(CodeText, UndoMemoryIsCapped) {
  CodeText text;
  text.set_undo_limits(1u << 20, 5);
  for (int i = 0; i < 20; ++i) {
    text.paste("x");
  }
  EXPECT_EQ(text.undo_steps(), 5u);
  while (text.undo()) {
  }
  EXPECT_EQ(text.text(), std::string(15, 'x'));
  text.set_undo_limits(1000, 100);  // one large step still stays undoable
  text.paste(std::string(5000, 'y'));
  EXPECT_EQ(text.undo_steps(), 1u);
  EXPECT_TRUE(text.undo());
}

TEST(CodeText, RevisionAndModified) {
  CodeText text("a");
  const auto start = text.revision();
  EXPECT_FALSE(text.modified());
  text.move(TextMove::line_end, false);  // moves change nothing
  EXPECT_EQ(text.revision(), start);
  text.type("b");
  EXPECT_NE(text.revision(), start);
  EXPECT_TRUE(text.modified());
  text.mark_saved();
  EXPECT_FALSE(text.modified());
  text.type("c");  // merged into the saved step, still a change
  EXPECT_TRUE(text.modified());
  text.undo();
  EXPECT_TRUE(text.modified());  // back before the save's text
  text.redo();
  EXPECT_TRUE(text.modified());
  text.set_text("z");
  EXPECT_FALSE(text.modified());
  const auto before_undo = text.revision();
  text.type("q");
  text.undo();
  EXPECT_FALSE(text.modified());  // same text as set
  EXPECT_GT(text.revision(), before_undo);
}

TEST(CodeText, WordMoves) {
  CodeText text("  int idx = threadIdx.x;\nnext");
  text.set_cursor({0, 0});
  text.move(TextMove::word_right, false);
  EXPECT_EQ(text.cursor().column, 5);
  text.move(TextMove::word_right, false);
  EXPECT_EQ(text.cursor().column, 9);
  text.move(TextMove::word_right, true);
  EXPECT_EQ(text.selected_text(), " =");
  text.move(TextMove::line_end, false);
  text.move(TextMove::word_right, false);
  EXPECT_EQ(text.cursor(), (TextPos{1, 0}));
  text.move(TextMove::word_left, false);
  EXPECT_EQ(text.cursor(), (TextPos{0, 24}));
  text.move(TextMove::word_left, false);
  EXPECT_EQ(text.cursor(), (TextPos{0, 23}));  // the ';' is a word of its own
  text.move(TextMove::word_left, false);
  EXPECT_EQ(text.cursor(), (TextPos{0, 22}));
  text.select_word_at({0, 14});
  EXPECT_EQ(text.selected_text(), "threadIdx");
  text.set_cursor({0, 9});
  text.delete_word_left();
  EXPECT_EQ(text.line(0), "  int  = threadIdx.x;");
}

TEST(CodeText, LineMovesKeepTheColumn) {
  CodeText text("long line here\nab\nanother long one");
  text.set_cursor({0, 10});
  text.move(TextMove::line_down, false);
  EXPECT_EQ(text.cursor(), (TextPos{1, 2}));
  text.move(TextMove::line_down, false);
  EXPECT_EQ(text.cursor(), (TextPos{2, 10}));
  text.move(TextMove::page_up, true, 10);
  EXPECT_EQ(text.cursor(), (TextPos{0, 0}));
  EXPECT_EQ(text.anchor(), (TextPos{2, 10}));
  text.move(TextMove::page_down, false, 10);
  EXPECT_EQ(text.cursor(), (TextPos{2, 16}));
}

TEST(CodeText, HomeGoesToTheCodeThenTheMargin) {
  CodeText text("    return;");
  text.move(TextMove::line_end, false);
  text.move(TextMove::line_home, false);
  EXPECT_EQ(text.cursor().column, 4);
  text.move(TextMove::line_home, false);
  EXPECT_EQ(text.cursor().column, 0);
  text.move(TextMove::line_end, true);
  EXPECT_EQ(text.selected_text(), "    return;");
  text.move(TextMove::char_left, false);  // collapses to the selection's start
  EXPECT_EQ(text.cursor().column, 0);
}

// Any sequence of edits undoes back to the start and redoes to the end, the cursor always on a
// character boundary: a fixed pseudo-random walk over every edit and move.
TEST(CodeText, RandomEditsUndoAndRedoExactly) {
  const std::string start = "__global__ void k(float* a) {\n\ta[0] = 1.f;  // \xC2\xB5s\n}\n";
  CodeText text(start);
  unsigned seed = 12345;
  auto next = [&seed](unsigned range) {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) % range;
  };
  const char* pieces[] = {"x", " ", "\xE2\x86\x92", "{", "ab\ncd", "\n\n", "\t"};
  for (int step = 0; step < 400; ++step) {
    const TextPos pos{static_cast<int>(next(8)), static_cast<int>(next(40))};
    switch (next(12)) {
      case 0:
        text.set_cursor(pos);
        break;
      case 1:
        text.select(text.cursor(), pos);
        break;
      case 2:
        text.type(pieces[next(4)]);
        break;
      case 3:
        text.paste(pieces[next(7)]);
        break;
      case 4:
        text.new_line();
        break;
      case 5:
        text.backspace();
        break;
      case 6:
        text.delete_forward();
        break;
      case 7:
        text.indent();
        break;
      case 8:
        text.unindent();
        break;
      case 9:
        text.delete_word_left();
        break;
      case 10:
        text.move(static_cast<TextMove>(next(12)), next(2) == 0, 3);
        break;
      default:
        (void)text.cut();
        break;
    }
    const TextPos cursor = text.cursor();
    ASSERT_EQ(text.clamp(cursor), cursor) << "step " << step;
  }
  const std::string end = text.text();
  while (text.undo()) {
  }
  EXPECT_EQ(text.text(), start);
  EXPECT_FALSE(text.modified());
  while (text.redo()) {
  }
  EXPECT_EQ(text.text(), end);
}

// The editor caches colouring by revision: a new text must never repeat an old text's number.
TEST(CodeText, RevisionsAreNeverShared) {
  CodeText first("a");
  CodeText second("a\nb");
  EXPECT_NE(first.revision(), second.revision());
  const auto before = second.revision();
  first.type("x");
  EXPECT_NE(first.revision(), before);
}
