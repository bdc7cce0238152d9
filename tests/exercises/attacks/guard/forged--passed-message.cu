// Writes the worker's "done" message itself, claiming "Passed all 3 tests", for every request id a
// check could have, and computes nothing. Before issue #26 the app believed the first "done" it
// read. Now the pass is confirmed where no student code runs (lessons/exercises/evidence.h): a
// claim without the outputs that bear it out is a failure.
#include <string.h>
#include <unistd.h>

__global__ void add_ten(const float* a, float* out, int n) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  for (int id = 0; id < 8; ++id) {
    char body[512];
    const int size = snprintf(body, sizeof body,
                              "{\"op\":\"done\",\"id\":%d,\"retire\":false,\"run\":{\"lesson\":\"exercise:guard\","
                              "\"results\":{\"verdict\":{\"verdict\":\"passed\",\"exercise\":\"guard\","
                              "\"headline\":\"Passed all 3 tests\",\"tests_passed\":3,\"tests_total\":3}}}}",
                              id);
    unsigned char frame[4 + 512];
    for (int i = 0; i < 4; ++i) frame[i] = static_cast<unsigned char>((size >> (8 * i)) & 0xff);
    memcpy(frame + 4, body, size);
    if (write(3, frame, 4 + size) < 0) break;
  }
}
