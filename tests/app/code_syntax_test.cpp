// Colouring a CUDA file line by line: kinds of tokens, and what carries from one line to the next.
#include <gtest/gtest.h>

#include <string>

#include "widgets/code_syntax.h"

using namespace cudalab::app::widgets;

namespace {

// The kind at each byte, as one letter: k keyword, b builtin, t type, n number, s string,
// c character, / comment, # preprocessor, . plain.
std::string kinds(std::string_view line, SyntaxState& state) {
  std::string out(line.size(), '?');
  int covered = 0;
  for (const SyntaxSpan& span : tokenize_line(line, state)) {
    EXPECT_EQ(span.begin, covered) << "spans leave no gap";
    covered = span.end;
    const char letter = "kbtnsc/#"[static_cast<int>(span.kind) - 1 < 0 ? 0 : static_cast<int>(span.kind) - 1];
    for (int i = span.begin; i < span.end; ++i) out[i] = span.kind == SyntaxKind::plain ? '.' : letter;
  }
  EXPECT_EQ(covered, static_cast<int>(line.size()));
  return out;
}

std::string kinds(std::string_view line) {
  SyntaxState state;
  return kinds(line, state);
}

}  // namespace

TEST(CodeSyntax, CudaKernelLine) {
  EXPECT_EQ(kinds("__global__ void add(float* out) {"), "kkkkkkkkkk.tttt.....ttttt........");
  EXPECT_EQ(kinds("  int i = blockIdx.x * blockDim.x + threadIdx.x;"),
            "..ttt.....bbbbbbbb.....bbbbbbbb.....bbbbbbbbb...");
  EXPECT_EQ(kinds("  __shared__ float tile[16][16]; __syncthreads();"),
            "..kkkkkkkkkk.ttttt......nn..nn...bbbbbbbbbbbbb...");
}

TEST(CodeSyntax, NumbersStringsAndCharacters) {
  EXPECT_EQ(kinds("x = 1.5e-3f + 0x1F + 1'000u;"), "....nnnnnnn...nnnn...nnnnnn.");
  EXPECT_EQ(kinds(R"(printf("%d\n", c == 'a');)"), R"(bbbbbb.ssssss.......ccc..)");
  EXPECT_EQ(kinds("s = \"open"), "....sssss");       // unterminated: to the line's end
  EXPECT_EQ(kinds("idx2 = v2.x;"), "............");  // digits inside words are not numbers
}

TEST(CodeSyntax, LineCommentsAndWordsInside) {
  EXPECT_EQ(kinds("a; // int here"), "...///////////");
  EXPECT_EQ(kinds("\"// not a comment\""), "ssssssssssssssssss");
}

TEST(CodeSyntax, BlockCommentCarriesAcrossLines) {
  SyntaxState state;
  EXPECT_EQ(kinds("int a; /* starts", state), "ttt..../////////");
  EXPECT_TRUE(state.in_block_comment);
  EXPECT_EQ(kinds("  still int here", state), "////////////////");
  EXPECT_TRUE(state.in_block_comment);
  EXPECT_EQ(kinds("ends */ int b;", state), "///////.ttt...");
  EXPECT_FALSE(state.in_block_comment);
  EXPECT_EQ(kinds("x /* one */ y", state), "../////////..");
  EXPECT_FALSE(state.in_block_comment);
}

TEST(CodeSyntax, PreprocessorLinesAndContinuations) {
  SyntaxState state;
  EXPECT_EQ(kinds("#include <cstdio>  // why", state), "###################//////");
  EXPECT_EQ(kinds("  #define N \\", state), "#############");
  EXPECT_TRUE(state.in_preprocessor);
  EXPECT_EQ(kinds("  256", state), "#####");
  EXPECT_FALSE(state.in_preprocessor);
  EXPECT_EQ(kinds("int", state), "ttt");
}

TEST(CodeSyntax, WordClasses) {
  EXPECT_EQ(classify_word("__device__"), SyntaxKind::keyword);
  EXPECT_EQ(classify_word("template"), SyntaxKind::keyword);
  EXPECT_EQ(classify_word("gridDim"), SyntaxKind::builtin);
  EXPECT_EQ(classify_word("atomicAdd"), SyntaxKind::builtin);
  EXPECT_EQ(classify_word("dim3"), SyntaxKind::type);
  EXPECT_EQ(classify_word("threadIdx_x"), SyntaxKind::plain);
}
