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

TEST(CodeListing, RecorderLeavesSignaturesAndTemplates) {
  const char* source =
      "template <class Trace>\n"
      "__global__ void naive(const float* a, int n, Trace trace) {\n"
      "}\n"
      "template <int TILE, class Trace>\n"
      "__global__ void tiled(int n,\n"
      "                      Trace trace) {\n"
      "}\n"
      "__global__ void only(cudalab::Trace trace) {}\n"
      "__global__ void first(cudalab::Trace trace, int n) {}\n";
  const auto lines = visible_code_lines(source);
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_EQ(lines[0].number, 2);  // `template <class Trace>` is gone, the line numbers stay
  EXPECT_EQ(lines[0].text, "__global__ void naive(const float* a, int n) {");
  EXPECT_EQ(lines[2].text, "template <int TILE>");
  EXPECT_EQ(lines[3].text, "__global__ void tiled(int n");  // the comma before the recorder goes too
  EXPECT_EQ(lines[4].text, "                      ) {");
  EXPECT_EQ(lines[6].text, "__global__ void only() {}");
  EXPECT_EQ(lines[7].text, "__global__ void first(int n) {}");
}

TEST(CodeListing, HidesCudaLabIncludesAndUsingDeclarationsAndKeepsOneBlankLine) {
  const char* source =
      "// top\n"
      "#include <cudalab/trace.cuh>\n"
      "\n"
      "#include \"trace_kinds.h\"\n"
      "using cudalab::device_time_ns;\n"
      "\n"
      "#include \"kernel_shapes.h\"\n";
  const auto lines = visible_code_lines(source);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].text, "// top");
  EXPECT_EQ(lines[1].number, 3);  // one blank line where the hidden block was
  EXPECT_EQ(lines[2].text, "#include \"kernel_shapes.h\"");
}

TEST(CodeListing, AnIfWhoseBodyWasAllTraceGoesWithIt) {
  const char* source =
      "__global__ void k(int* out) {\n"
      "  if (threadIdx.x == 0) {\n"
      "    for (int i = 0; i < 2; ++i) {  // nested\n"
      "      trace.record(1);\n"
      "    }\n"
      "  }\n"
      "  if (threadIdx.x == 1) {\n"
      "  }\n"
      "  out[0] = 1;\n"
      "}\n";
  const auto lines = visible_code_lines(source);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0].number, 1);
  EXPECT_EQ(lines[1].number, 7);  // an empty `if` the author wrote stays: nothing was hidden in it
  EXPECT_EQ(lines[2].number, 8);
  EXPECT_EQ(lines[3].text, "  out[0] = 1;");
}

TEST(CodeListing, VerbatimLinesHideNothing) {
  const auto lines = code_lines("trace.record(1);\n\t#include <cudalab/trace.cuh>\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "trace.record(1);");
  EXPECT_EQ(lines[1].text, "    #include <cudalab/trace.cuh>");
}

TEST(CodeListing, KernelLinesRunFromTemplateAndSignatureToClosingBrace) {
  const char* source =
      "__device__ int square(int x) { return x * x; }\n"
      "template <int TILE>\n"
      "__global__ void tiled(int n) {\n"
      "  if (n) {  // a { in a comment does not count\n"
      "  }\n"
      "}\n"
      "__global__ void tiled_twice(int n) {}\n"
      "__global__ void declared(int n);\n";
  const auto lines = visible_code_lines(source);
  EXPECT_EQ(kernel_line_numbers(lines, "tiled"), (std::vector<int>{2, 3, 4, 5, 6}));
  EXPECT_EQ(kernel_line_numbers(lines, "tiled_twice"), (std::vector<int>{7}));
  EXPECT_EQ(kernel_line_numbers(lines, "declared"), (std::vector<int>{8}));
  EXPECT_TRUE(kernel_line_numbers(lines, "square").empty());  // a device function is not a kernel
  EXPECT_TRUE(kernel_line_numbers(lines, "missing").empty());
  EXPECT_TRUE(kernel_line_numbers(lines, "").empty());
}

TEST(CodeListing, AKernelDeclaredOverTwoLinesStartsAtItsGlobalLine) {
  const char* source =
      "template <int BM>\n"
      "__global__ void __launch_bounds__(BM)\n"
      "    split(int n) {\n"
      "}\n"
      "__global__ void other(int n);\n"
      "    split(1);\n";
  const auto lines = visible_code_lines(source);
  EXPECT_EQ(kernel_line_numbers(lines, "split"), (std::vector<int>{1, 2, 3, 4}));
}
