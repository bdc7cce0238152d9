// run_process (cudalab/subprocess.h): the host compiler of the emulator, `cudalab exec --backend
// gpu`'s nvcc and the program it built all run through it.
#include <gtest/gtest.h>

#include <string>

#include "cudalab/subprocess.h"

namespace cudalab {
namespace {

TEST(Subprocess, OutputAndExitCode) {
  const ProcessResult r = run_process({"/bin/sh", "-c", "echo one; echo two >&2; exit 3"}, 10);
  EXPECT_TRUE(r.started);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.output, "one\ntwo\n");
}

TEST(Subprocess, OutputArrivesAsItIsWritten) {
  std::string streamed;
  int pieces = 0;
  // The second line comes a while after the first: two reads, the first before the program ends.
  const ProcessResult r = run_process({"/bin/sh", "-c", "echo first; sleep 0.3; echo second"}, 10, [&](std::string_view text) {
    streamed += text;
    ++pieces;
  });
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(streamed, "first\nsecond\n");
  EXPECT_EQ(r.output, streamed);
  EXPECT_GE(pieces, 2);
}

TEST(Subprocess, TimeLimitAndSignal) {
  const ProcessResult slow = run_process({"/bin/sh", "-c", "sleep 30"}, 0.3);
  EXPECT_TRUE(slow.timed_out);
  const ProcessResult killed = run_process({"/bin/sh", "-c", "kill -SEGV $$"}, 10);
  EXPECT_EQ(killed.signal, 11);
  const ProcessResult missing = run_process({"/nonexistent/program"}, 10);
  EXPECT_FALSE(missing.started);
  EXPECT_NE(missing.output.find("could not start"), std::string::npos);
}

}  // namespace
}  // namespace cudalab
