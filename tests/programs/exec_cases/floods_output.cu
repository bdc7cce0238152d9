// A program that never stops printing: its output is cut at the limit and its time limit stops it.
#include <cstdio>
int main() {
  for (unsigned long i = 0;; ++i) std::printf("line %lu of a flood that never ends\n", i);
}
