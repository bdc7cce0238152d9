// A program that opens a file: outside what the emulated runtime runs, refused in words (the
// sandbox behind would refuse it too).
#include <cstdio>
int main() {
  FILE* secrets = std::fopen("/etc/passwd", "r");
  std::printf("%s\n", secrets != nullptr ? "opened" : "refused");
  return 0;
}
