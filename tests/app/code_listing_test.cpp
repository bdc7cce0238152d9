// The Code tab shows the kernel as a student writes it: trace lines hidden, line numbers kept.
#include <gtest/gtest.h>

#include "widgets/code_listing.h"

using namespace cudalab::app::widgets;

TEST(CodeListing, HidesTraceLinesAndKeepsFileLineNumbers) {
  const char* source =
      "__global__ void fill(int* out, Trace trace) {\n"
      "  int i = threadIdx.x;\n"
      "  trace.record(kind, i);\n"
      "  out[i] = i;  // trace: store\n"
      "  out[i] += 1;\n"
      "}\n";
  const auto lines = visible_code_lines(source);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].number, 1);
  EXPECT_EQ(lines[1].number, 2);
  EXPECT_EQ(lines[2].number, 5);
  EXPECT_EQ(lines[2].text, "  out[i] += 1;");
  EXPECT_EQ(lines[3].number, 6);
  EXPECT_EQ(lines[3].text, "}");
}

TEST(CodeListing, ExpandsTabsAndDropsCarriageReturns) {
  const auto lines = visible_code_lines("\tint a;\r\nx\tb\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "    int a;");
  EXPECT_EQ(lines[1].text, "x   b");
}

TEST(CodeListing, LastLineWithoutNewlineCounts) {
  const auto lines = visible_code_lines("a\nb");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].text, "b");
  EXPECT_EQ(visible_code_lines("").size(), 1u);
}

TEST(CodeListing, TraceLineRule) {
  EXPECT_TRUE(is_trace_line("  trace.event(1);"));
  EXPECT_TRUE(is_trace_line("  x = 1;  // trace"));
  EXPECT_FALSE(is_trace_line("  int traced = 0;"));
}
