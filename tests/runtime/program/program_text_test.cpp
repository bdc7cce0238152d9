// The rewrite that lets the host compiler read a CUDA program (cudalab/program_text.h).
#include "cudalab/program_text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace cudalab {
namespace {

std::size_t lines(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

TEST(ProgramText, ALaunchBecomesACallWithItsLineAndConfiguration) {
  const ProgramText out = rewrite_for_emulator("int main() {\n  add<<<blocks, 256>>>(x, y, n);\n}\n");
  ASSERT_TRUE(out.problem.empty());
  EXPECT_EQ(out.launches, 1);
  EXPECT_NE(out.text.find("::cudalab::emu::rt::launch_kernel(\"add\", 2, add, "
                          "::cudalab::emu::rt::launch_config(blocks, 256), x, y, n);"),
            std::string::npos)
      << out.text;
}

TEST(ProgramText, TemplateKernelsNestedBracketsAndNoArguments) {
  const ProgramText out = rewrite_for_emulator(
      "scale<float, 4><<<dim3((n + 15) / 16, 1), dim3(16, 16), bytes, stream>>>(f(a, b), c[1]);\nping<<<1,1>>>();");
  ASSERT_TRUE(out.problem.empty());
  EXPECT_EQ(out.launches, 2);
  EXPECT_NE(out.text.find("launch_kernel(\"scale<float,4>\", 1, scale<float, 4>, ::cudalab::emu::rt::launch_config("
                          "dim3((n + 15) / 16, 1), dim3(16, 16), bytes, stream), f(a, b), c[1])"),
            std::string::npos)
      << out.text;
  EXPECT_NE(out.text.find("launch_kernel(\"ping\", 2, ping, ::cudalab::emu::rt::launch_config(1,1))"), std::string::npos)
      << out.text;
}

// A kernel held in a table of rungs (chapter 10's program) is launched through the pointer.
TEST(ProgramText, KernelsHeldInMembersAndArrays) {
  const ProgramText out = rewrite_for_emulator(
      "rung.kernel<<<grid, block, shared>>>(a, b);\np->k<<<1, 2>>>();\nks[i + 1]<<<3, 4>>>(x);\nt[0].k<<<5, 6>>>();");
  ASSERT_TRUE(out.problem.empty()) << out.problem.english();
  EXPECT_EQ(out.launches, 4);
  for (const char* call : {"launch_kernel(\"rung.kernel\", 1, rung.kernel, ", "launch_kernel(\"p->k\", 2, p->k, ",
                           "\", 3, ks[i + 1], ::cudalab", "launch_kernel(\"t[0].k\", 4, t[0].k, "})
    EXPECT_NE(out.text.find(call), std::string::npos) << call << "\n" << out.text;
}

TEST(ProgramText, LineBreaksAreKeptSoMessagesNameTheStudentsLines) {
  const std::string source = "k<<<\n  g,\n  b>>>(\n  x,\n  y);\nint after;\n";
  const ProgramText out = rewrite_for_emulator(source);
  ASSERT_TRUE(out.problem.empty());
  EXPECT_EQ(lines(out.text), lines(source));
  EXPECT_NE(out.text.find("int after;"), std::string::npos);
}

TEST(ProgramText, CommentsAndStringsAreLeftAlone) {
  const std::string source =
      "// k<<<1, 1>>>(x);\n/* k<<<2, 2>>>(x); */\nconst char* s = \"k<<<3, 3>>>(x)\";\nchar c = '<';\n"
      "const char* r = R\"(extern __shared__ float s[];)\";\n";
  const ProgramText out = rewrite_for_emulator(source);
  ASSERT_TRUE(out.problem.empty());
  EXPECT_EQ(out.launches, 0);
  EXPECT_EQ(out.text, source);
}

TEST(ProgramText, ExternSharedArraysWithAttributes) {
  const ProgramText out = rewrite_for_emulator(
      "__global__ void k() {\n  extern __shared__ float tile[];\n"
      "  extern __shared__ __align__(sizeof(double)) unsigned char raw[ ];\n}\nextern int not_shared;\n");
  ASSERT_TRUE(out.problem.empty());
  EXPECT_NE(out.text.find("CUDALAB_EXTERN_SHARED(float, tile);"), std::string::npos) << out.text;
  EXPECT_NE(out.text.find("CUDALAB_EXTERN_SHARED(unsigned char, raw);"), std::string::npos) << out.text;
  EXPECT_NE(out.text.find("extern int not_shared;"), std::string::npos);
}

TEST(ProgramText, ALaunchThatCannotBeReadIsSaidWithItsLine) {
  EXPECT_FALSE(rewrite_for_emulator("\n\nk<<<1, 1>>(x);\n").problem.empty());
  const ProgramText unclosed = rewrite_for_emulator("int a;\nk<<<1, 1>>>(x;\n");
  ASSERT_FALSE(unclosed.problem.empty());
  EXPECT_NE(unclosed.problem.english().find("line 2"), std::string::npos) << unclosed.problem.english();
  EXPECT_FALSE(rewrite_for_emulator("k<<<1, 1>>> x;").problem.empty());
  EXPECT_FALSE(rewrite_for_emulator("  <<<1, 1>>>(x);").problem.empty());
}

}  // namespace
}  // namespace cudalab
