// Fills the disk: its static constructor, which runs when the kernel is loaded, writes 300 MiB
// into a file in the working folder and reports how much landed. The file-size limit stops the
// writer at 64 MiB (write fails with EFBIG once SIGXFSZ is ignored), and the private /tmp goes
// with the check. Host calls (open, write): the import check refuses them first, so the test runs
// it with CUDALAB_UNSAFE_HOST_CALLS=1 to see the layers behind that check hold.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

// <signal.h> is not to be had after the grader's poisoned asm (glibc's declarations use it).
typedef void (*Handler)(int);
extern "C" Handler signal(int, Handler);
constexpr int kSigXfsz = 25;  // SIGXFSZ on x86-64 and AArch64

static char report[128];
static const int filled = [] {
  signal(kSigXfsz, reinterpret_cast<Handler>(1));  // SIG_IGN
  const int fd = open("big.bin", O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) return snprintf(report, sizeof report, "could not open big.bin"), 0;
  static char block[1 << 20];
  long long written = 0;
  for (int i = 0; i < 300; ++i) {
    const long n = write(fd, block, sizeof block);
    if (n <= 0) break;
    written += n;
  }
  snprintf(report, sizeof report, "wrote %lld bytes, then: %s", written, strerror(errno));
  close(fd);
  unlink("big.bin");
  return 1;
}();

__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) printf("%s\n", report);
  if (i < n) out[i] = a[i] + 10.f;
}
