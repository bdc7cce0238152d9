// What the worker and the emulator say about a student's kernel, in Simplified Chinese: the
// patterns of a verdict's details (text_patterns.h conventions, as strings_zh_cn_run_patterns.cpp:
// "{}" per hole, the Chinese naming holes by position). Apart from the lessons' run-time text
// because they answer to another test (tests/exercises/verdict_zh_test.cpp) and another writer
// (the grader, lessons/exercises and app/worker).
#include "i18n/text_patterns.h"

namespace cudalab::app::i18n {

namespace {

constexpr Translation check_patterns[] = {
    // runtime/emu/barrier_report.cpp and warp_report.cpp join the places threads wait at with "; ".
    {"{}; {}", "{0}；{1}"},
    // The app's side of the worker channel (app/worker/worker_client.cpp), when a worker that ran
    // a student's code sends what no worker of ours sends.
    {"the worker sent a message this app refuses (too large, nested too deep, or not JSON) after {}; it was stopped",
     "工作进程在 {0} 后发来了本应用拒收的消息（太大、嵌套太深或不是 JSON）；它已被停止"},
    {"the worker sent more than {} GiB for one request; it was stopped",
     "工作进程为一个请求发来了超过 {0} GiB 的数据；它已被停止"},
    // A class folder's entries that are not gradable files (app/cli/class_folder.cpp).
    {"{}: larger than the {} a kernel file may be",
     "{0}：超过了核函数文件允许的 {1}"},
    {"grew past the {} a kernel file may be while it was read",
     "读取时文件变大，超过了核函数文件允许的 {0}"},
    {"cannot be read: {}",
     "无法读取：{0}"},
    {"{} wait at __syncthreads() ({}), but {} returned without reaching it.",
     "{0} 在 __syncthreads()（{1}）处等待，但 {2} 没有到达就返回了。"},
    {"{} Every thread of a block must reach the same __syncthreads(); on a GPU this hangs or corrupts results.",
     "{0}一个线程块的每个线程都必须到达同一个 __syncthreads()；在 GPU 上这会挂起或弄坏结果。"},
    {"stopped after {} (the check's time limit is {}): the kernel was still running",
     "{0} 后停止（检查的时间限制是 {1}）：核函数仍在运行"},
    {"stopped after {} (the step's time limit is {}): the kernel was still running",
     "{0} 后停止（这一步的时间限制是 {1}）：核函数仍在运行"},
    {"stopped after {}: the kernel was still running",
     "{0} 后停止：核函数仍在运行"},
    {"stopped after {}: the compiler did not finish within {} (the check's compile limit)",
     "{0} 后停止：编译器没有在 {1} 内完成（检查的编译时间限制）"},
    {"stopped after {} (the check's time limit); partial results are shown",
     "{0} 后停止（检查的时间限制）；显示的是部分结果"},
    {"stopped after {} (the step's time limit); partial results are shown",
     "{0} 后停止（这一步的时间限制）；显示的是部分结果"},
    // A warp intrinsic that not every lane of its mask reaches (runtime/emu/warp_report.cpp).
    {"{} Every lane named in a warp intrinsic's mask must reach that same call with the same mask; on a GPU this "
     "hangs or gives undefined results.",
     "{0}线程束内建函数的掩码点名的每个通道，都必须以同一个掩码到达同一个调用；在 GPU 上这会挂起或给出未定义的结果。"},
    // Each hole that names a call ends in its site, "(file:line)", which comes out as "（file:line）".
    {"{}. The mask of {} names {}, which never reach it.",
     "{0}。{1}的掩码点名了{2}，它们却始终没有到达这次调用。"},
    {"{}. The mask of {} names {}, which never reach it",
     "{0}。{1}的掩码点名了{2}，它们却始终没有到达这次调用"},
    // The places are joined with "; ": a pattern that ends in the mask would take the rest as the mask.
    {"{} wait at {} with mask {}; {}", "{0} 以掩码 {2} 在 {1}处等待；{3}"},
    {"{} wait at {} with mask {}", "{0} 以掩码 {2} 在 {1}处等待"},
    {"{} wait at __syncthreads() ({}); {}", "{0} 在 __syncthreads()（{1}）处等待；{2}"},
    {"{} wait at __syncthreads() ({})", "{0} 在 __syncthreads()（{1}）处等待"},
    {"lanes {} returned", "通道 {0} 已经返回"},
    {"lane {} returned", "通道 {0} 已经返回"},
    {"{} do not exist (the block ends before them)", "{0} 不存在（线程块在它们之前就结束了）"},
    {"lanes {}", "通道 {0}"},
    {"lane {}", "通道 {0}"},
    {"lane {} called {} with mask {}, but its mask does not name the calling lane.",
     "通道 {0} 以掩码 {2} 调用了 {1}，但这个掩码没有点名调用它的通道。"},
    {"lane {} called {} with mask {}, but its mask names lanes that this block does not have ({}: the block has only "
     "{} in this warp; a GPU would wait for them forever or give undefined results).",
     "通道 {0} 以掩码 {2} 调用了 {1}，但这个掩码点名了本线程块没有的通道（{3}：本线程块在这个线程束里只有{4}；GPU "
     "会一直等待它们，或给出未定义的结果）。"},
    {"threads wait at different __syncthreads() calls: {}.",
     "线程在不同的 __syncthreads() 调用处等待：{0}。"},
    {"{} returned without reaching any",
     "{0} 没有到达任何一个就返回了"},
    {"{}, ... ({} threads in all)",
     "{0}……（共 {1} 个线程）"},
    {"{} (the first is threadIdx {})",
     "{0}（第一个是 threadIdx {1}）"},
};

}  // namespace

std::span<const Translation> zh_cn_check_patterns() { return check_patterns; }

}  // namespace cudalab::app::i18n
