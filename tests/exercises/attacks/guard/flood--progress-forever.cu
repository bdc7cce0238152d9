// Floods the worker's channel to the app with progress messages, so the app is always busy reading
// and, before issue #26, never got to its time limit.
#include <string.h>
#include <unistd.h>

__global__ void add_ten(const float* a, float* out, int n) {
  const char message[] = "{\"op\":\"progress\",\"value\":0.5}";
  unsigned char frame[64] = {static_cast<unsigned char>(sizeof message - 1), 0, 0, 0};
  memcpy(frame + 4, message, sizeof message - 1);
  for (;;) {
    if (write(3, frame, 4 + sizeof message - 1) < 0) break;
  }
  for (;;) {
  }
}
