// Run-time text in Simplified Chinese (text_patterns.h): exercise verdicts and messages about
// input. English: the fmt string the code formats, "{}" per hole; Chinese: "{0}", "{1}"… name the
// holes by position (a hole may be left out, a plural "s"). Terms follow lessons/GLOSSARY.zh-CN.md.
#include <iterator>
#include <vector>

#include "i18n/text_patterns.h"

namespace cudalab::app::i18n {

namespace {

// lessons/exercises: checker.cpp, compile_submission.cpp, signature.cpp, verdict.cpp.
constexpr Translation verdict_patterns[] = {
    {"Passed all {} tests", "全部 {0} 个测试通过"},
    {"{}: test {} of {} ({})", "{0}：第 {1} 个测试（共 {2} 个）（{3}）"},
    {"✓ {}  {}", "✓ {0}  {1}"},  // the same words: its holes (a test's name) are what is translated
    {"Test: {}, launched as {}", "测试：{0}，启动配置 {1}"},
    {"thread ({},{},{}) of block ({},{},{})", "线程块 ({3},{4},{5}) 的线程 ({0},{1},{2})"},
    {"{} of {} elements of {} are wrong", "{2} 的 {1} 个元素中有 {0} 个是错的"},
    {"{}[{}] is {}, expected {} ({})", "{0}[{1}] 是 {2}，应为 {3}（{4}）"},
    {"{} read {}[{}], but {} has {} elements (indices 0 to {})", "{0} 读了 {1}[{2}]，但 {3} 只有 {4} 个元素（下标 0 到 {5}）"},
    {"{} wrote {}[{}], but {} has {} elements (indices 0 to {})", "{0} 写了 {1}[{2}]，但 {3} 只有 {4} 个元素（下标 0 到 {5}）"},
    {"{} read {}, outside the __shared__ array {}", "{0} 读了 {1}，超出了 __shared__ 数组 {2} 的范围"},
    {"{} wrote {}, outside the __shared__ array {}", "{0} 写了 {1}，超出了 __shared__ 数组 {2} 的范围"},
    {"{} read {}, but the launch gives the extern __shared__ array `{}` no memory", "{0} 读了 {1}，但这次启动没有给 `extern __shared__` 数组 `{2}` 分配任何内存"},
    {"{} wrote {}, but the launch gives the extern __shared__ array `{}` no memory", "{0} 写了 {1}，但这次启动没有给 `extern __shared__` 数组 `{2}` 分配任何内存"},
    {"{} read {} {} times; the limit is {}", "{0} 读了 {1} {2} 次；上限是 {3} 次"},
    {"{} wrote {} {} times; the limit is {}", "{0} 写了 {1} {2} 次；上限是 {3} 次"},
    // lessons/exercises/race_report.cpp: a data race found on the emulator.
    {"{} wrote {} at line {} while {} read it at line {}, with no __syncthreads() between them",
     "{0} 在第 {2} 行写了 {1}，而 {3} 在第 {4} 行读了它，两者之间没有 __syncthreads()"},
    {"{} read {} at line {} while {} wrote it at line {}, with no __syncthreads() between them",
     "{0} 在第 {2} 行读了 {1}，而 {3} 在第 {4} 行写了它，两者之间没有 __syncthreads()"},
    {"{} wrote {} at line {} while {} wrote it too at line {}, with no __syncthreads() between them",
     "{0} 在第 {2} 行写了 {1}，而 {3} 在第 {4} 行也写了它，两者之间没有 __syncthreads()"},
    {"{} wrote {} at line {} while {} read it at line {}; threads of different blocks are never ordered",
     "{0} 在第 {2} 行写了 {1}，而 {3} 在第 {4} 行读了它；不同线程块的线程之间从来没有先后顺序"},
    {"{} read {} at line {} while {} wrote it at line {}; threads of different blocks are never ordered",
     "{0} 在第 {2} 行读了 {1}，而 {3} 在第 {4} 行写了它；不同线程块的线程之间从来没有先后顺序"},
    {"{} wrote {} at line {} while {} wrote it too at line {}; threads of different blocks are never ordered",
     "{0} 在第 {2} 行写了 {1}，而 {3} 在第 {4} 行也写了它；不同线程块的线程之间从来没有先后顺序"},
    {"Does not compile: the file has {} KiB; a kernel file has at most {} KiB", "无法编译：文件有 {0} KiB；核函数文件最多 {1} KiB"},
    {"line {}: {}", "第 {0} 行：{1=}"},  // the compiler's own message, as it came
    {"{} must be a kernel: declare it `{}`", "`{0}` 必须是核函数：把它声明为 `{1}`"},
    {"there is no kernel named {}: the exercise checks `{}`", "没有名为 `{0}` 的核函数：本练习检查的是 `{1}`"},
    // app/worker/crash_report.cpp: a failed assert ends a check's worker (its words, then the time).
    {"assert({}) failed at {}:{}, in kernel {}, block {}, thread {}, while checking {} after {}",
     "assert({0=}) 在 {1}:{2} 处失败：核函数 `{3}`，线程块 {4}，线程 {5}（检查 `{6}` 时，{7} 后）"},
    {"the parameter list of {} on line {} is not closed", "第 {1} 行 {0} 的参数列表没有闭合"},
    {"{} on line {}: the exercise checks `{}`; keep the starter's parameters", "第 {1} 行的{0}：本练习检查的是 `{2}`；请保留初始代码的参数"},
    {"{} has {} parameter{} instead of {}", "{0} 有 {1} 个参数，应为 {3} 个"},
    {"parameter {} has no name", "第 {0} 个参数没有名字"},
    {"parameter {} ({}) is `{}` instead of `{}`", "第 {0} 个参数（{1}）是 `{2}`，应为 `{3}`"},
    {"{}: the check stopped", "{0}：检查中止了"},
    {"{}: the check gave no verdict", "{0}：检查没有给出结论"},
    // runtime/emu/host_imports.cpp: a kernel that calls host code, refused before it is loaded.
    {"does not link: the kernel calls {}: host code, which a kernel cannot call (on a GPU it may call only "
     "__device__ functions, printf, malloc, memcpy and the math functions)",
     "无法链接：核函数调用了 {0}：这是主机代码，核函数不能调用（在 GPU 上它只能调用 __device__ 函数、printf、malloc、memcpy 和数学函数）"},
    // lessons/exercises/evidence.cpp: a pass the outputs do not bear out.
    {"the worker's report holds no output {} of the right size", "worker 的报告里没有大小正确的输出 {0}"},
    {"no exercise named {}", "没有名为 {0} 的练习"},
    // lessons/exercises/verdict.cpp: a GPU's pass that the emulator's checks overturn.
    {"Every test passed on {}, but the CPU emulator's checks found this: the GPU's schedule happened to hide it, and "
     "another run, or another GPU, may not.",
     "在 {0} 上所有测试都通过了，但 CPU 模拟器的检查发现了这个问题：GPU 的调度碰巧把它掩盖了，换一次运行或换一块 GPU 就未必如此。"},
    {"Every test passed on {}, but the CPU emulator's closer checks found this:", "在 {0} 上所有测试都通过了，但 CPU 模拟器更细的检查发现了这个问题："},
    {"The kernel faulted on {}, and the CPU emulator's checks found where:", "核函数在 {0} 上出错了，CPU 模拟器的检查找到了出错的位置："},
};

// Whole verdict texts (kinds, headlines, advice), looked up by tr() like the interface's words.
constexpr Translation verdict_words[] = {
    {"passed", "通过"},
    {"wrong result", "结果错误"},
    {"Wrong result", "结果错误"},
    {"out of bounds", "越界访问"},
    {"Out of bounds", "越界访问"},
    {"data race", "数据竞争"},
    {"Data race", "数据竞争"},
    {"too many reads or writes", "读写次数过多"},
    {"Too many reads or writes", "读写次数过多"},
    {"divergent barrier", "屏障前分支发散"},
    {"Divergent barrier", "屏障前分支发散"},
    {"kernel fault", "核函数出错"},
    {"Kernel fault", "核函数出错"},
    {"timed out", "超时"},
    {"Timed out", "超时"},
    {"does not compile", "无法编译"},
    {"Does not compile", "无法编译"},
    {"wrong signature", "签名不对"},
    {"Wrong signature", "签名不对"},
    {"cannot run", "无法运行"},
    {"Cannot check here", "这里无法检查"},
    // A class folder's entries that are not gradable files (app/cli/class_folder.cpp).
    {"Not checked", "未检查"},
    {"a symbolic link, not a file: grade the file itself", "这是符号链接，不是文件：请评阅文件本身"},
    {"a folder, not a file", "这是文件夹，不是文件"},
    {"not a regular file (a FIFO, a socket or a device)", "不是普通文件（FIFO、套接字或设备）"},
    {"changed while it was read", "读取时文件发生了变化"},
    {"Timed out while compiling", "编译超时"},
    {"stopped before the end, as asked", "已按要求在结束前停止"},
    {"the device could not time its own work", "设备无法为自己的工作计时"},
    {"no thread wrote it", "没有线程写它"},
    {"as the worker reported it", "按 worker 的报告"},
    {"its pictures would not fit in memory", "它的图放不进内存"},  // lessons/run_checks.cpp
    {"the worker's report holds no outputs for this test", "worker 的报告里没有这个测试的输出"},
    {"the worker's verdict is about another exercise", "worker 的结论针对的是另一个练习"},
    {"Does not compile: the file is empty", "无法编译：文件是空的"},
    {"Start from the starter kernel (Reset to starter, or `cudalab exercise ID --starter`).",
     "从初始核函数开始（点“恢复初始代码”，或运行 `cudalab exercise ID --starter`）。"},
    {"Does not compile: the file is not text (it contains NUL bytes)", "无法编译：文件不是文本（含有 NUL 字节）"},
    {"The access was stopped by CUDA Lab's checks; on a real GPU it would read or overwrite other data, or fault. Is there a guard such as if (i < n), and does it use the right size?",
     "这次访问被 CUDA Lab 的检查拦下了；在真实 GPU 上它会读到或覆盖别的数据，或者出错。有没有 if (i < n) 这样的边界检查？它用的大小对吗？"},
    {"The access was stopped by CUDA Lab's checks; on a real GPU it would read or overwrite another variable in shared memory, or fault. What are the smallest and the largest index each thread uses?",
     "这次访问被 CUDA Lab 的检查拦下了；在真实 GPU 上它会读到或覆盖共享内存里的别的变量，或者出错。每个线程用到的最小和最大下标各是多少？"},
    {"An extern __shared__ array gets its size from the launch's third parameter, `<<<grid, block, bytes>>>`, and this exercise's launch asks for none: declare the array with a fixed size instead.",
     "`extern __shared__` 数组的大小来自启动配置的第三个参数 `<<<grid, block, bytes>>>`，而本练习的启动配置没有申请：请改用固定大小的数组。"},
    // runtime/emu/host_imports.cpp: a file with static constructors, refused before it is loaded.
    {"does not link: the file runs code of its own when it is loaded or unloaded (a global variable whose value is "
     "computed at run time, an object with a constructor or destructor, or `__attribute__((constructor))`): a kernel "
     "file holds device code only, and on a GPU such a __device__ variable is refused too",
     "无法链接：这个文件在加载或卸载时会运行自己的代码（在运行时才算出值的全局变量、带构造函数或析构函数的对象，或 "
     "`__attribute__((constructor))`）：核函数文件只能包含设备代码，在 GPU 上这样的 __device__ 变量同样会被拒绝"},
    {"The GPU was reset after the fault.", "出错之后 GPU 已被重置。"},
    {"The result depends on which thread gets there first: it may come out right by luck, and on a GPU it changes from run to run. Is a __syncthreads() missing between the write and the other access, or in the wrong place?",
     "结果取决于哪个线程先到：这次可能碰巧对了，在 GPU 上每次运行都可能不同。写和另一次访问之间是不是少了 __syncthreads()，或者放错了位置？"},
    {"Blocks run in any order, even at the same time: an element one block writes may be touched by no other block, unless every access to it is atomic (atomicAdd).",
     "线程块以任意顺序运行，甚至同时运行：一个线程块写的元素不能再被别的线程块访问，除非对它的每次访问都是原子操作（atomicAdd）。"},
    {"a __shared__ array", "一个 __shared__ 数组"},
    {"Is there a loop that never ends (a stride of 0, a condition that stays true), or a __syncthreads() some threads never reach?",
     "是不是有一个永远不结束的循环（步长为 0，条件一直为真），或者有些线程永远到不了的 __syncthreads()？"},
    // `cudalab run`, `check`, `exercise(s)`: the text reports' own words (fmt strings, "{}" in order).
    {"device: ", "设备："},
    {"parameters:", "参数："},
    {"timings", "计时"},
    {", median of {}", "，{} 次的中位数"},
    {"trace: {} events did not fit in the trace buffer", "跟踪记录：有 {} 个事件没放进跟踪缓冲区"},
    {"kernel printf output", "核函数的 printf 输出"},
    {"error: ", "错误："},
    {"{} cells in {} × {}", "{} 个格子，{} × {}"},
    {", {} idle", "，{} 个空闲"},
    {"{} against {}", "{} 与 {} 的关系"},
    {"{} · step {}: {}", "{} · 第 {} 步：{}"},
    {"Predict: ", "预测："},
    {"The run has no answer to compare with: it did not finish.", "这次运行没有可比较的答案：它没有完成。"},
    {"run saved to ", "运行记录已保存到 "},
    {"Printed by the kernel:", "核函数打印的内容："},
    {"%s: green right, red wrong, grey never written", "%s：绿色正确，红色错误，灰色从未写入"},
    {"%s · compiled in %.2f s · ran in %.2f s", "%s · 编译用时 %.2f s · 运行用时 %.2f s"},
    {"warning", "警告"},
    {"({} · compiled in {:.2f} s · ran in {:.2f} s)", "（{} · 编译用时 {:.2f} s · 运行用时 {:.2f} s）"},
    {"The kernel: ", "核函数："},
    {"title — what is checked", "标题——检查什么"},
    {"outputs vs the CPU, bounds", "输出与 CPU 对比、越界"},
    {", no {} of {}", "，不许{} {}"},
    {", ≤ {} {} of {} per thread", "，每个线程对 {2} 的{1}不超过 {0} 次"},
    {"reads", "读取"},
    {"writes", "写入"},
    {"submission", "提交"},
    {"tests", "测试"},
    {"seconds", "秒"},
    {"first finding", "首个发现"},
    {"{} of {} submissions passed {} ({}), in {:.1f} s with {} job{}", "{1} 份提交中有 {0} 份通过 {2}（{3}），用时 {4:.1f} s，并行 {5} 个任务"},
    {"-j {}: {} at a time (one per core), so that the machine's load cannot time a submission out",
     "-j {0}：每次 {1} 个（每个核心一个），以免机器的负载让提交超时"},
    {"chapter", "章"},
};

// lessons/lesson.cpp and the chapters' checks of their parameters: only some values say these.
constexpr Translation message_patterns[] = {
    // lessons/run_checks.cpp: a run from a file is input.
    {"it is a run of chapter \"{}\", not of \"{}\"", "它是第“{0}”章的运行记录，不是“{1}”的"},
    {"it is a run of step {} of \"{}\", which has {} steps", "它是“{1}”第 {0} 步的运行记录，而这一章只有 {2} 步"},
    {"its parameters are not this step's: {}", "它的参数不属于这一步：{0}"},
    {"its pictures could not be made: {}", "无法画出它的图：{0=}"},
    {"'{}' is not a number", "'{0}' 不是数字"},
    {"'{}' is not a valid value for {}: expected {}", "'{0}' 不是 {1} 的有效取值：应为 {2}"},
    {"'{}' is not name=value (this step has: {})", "'{0}' 不是 name=value 的形式（本步骤的参数：{1}）"},
    {"'{}' is not one of the choices: {}", "'{0}' 不在可选项中：{1}"},
    {"{} = {} is out of range: allowed {} to {}", "{0} = {1} 超出范围：允许 {2} 到 {3}"},
    {"unknown chapter '{}' (chapters: {})", "没有 '{0}' 这一章（现有各章：{1}）"},
    {"unknown parameter '{}' (step \"{}\" has: {})", "没有参数 '{0}'（步骤“{1}”的参数：{2}）"},
    {"chapter '{}' has steps 1 to {}; there is no step {}", "第 '{0}' 章有步骤 1 到 {1}；没有步骤 {2}"},
    {"chapter \"{}\" has no step {}", "“{0}”这一章没有步骤 {1}"},
    {"no value was given for {}", "没有给出 {0} 的值"},
    // The chapters' checks of their parameters and sizes (a Status the window and `cudalab run` show).
    {"a block holds 1 to 1024 threads; you asked for {}", "一个线程块可容纳 1 到 1024 个线程；你要的是 {0}"},
    {"a block may use at most {} bytes of shared memory (with opt-in); you asked for {}",
     "一个线程块最多可用 {0} 字节共享内存（选择启用后）；你要的是 {1}"},
    {"a block of {} × {} threads has warps 0 to {}; there is no warp {}", "线程块有 {0} × {1} 个线程，线程束编号为 0 到 {2}；没有线程束 {3}"},
    {"a copy of {} needs as much device memory, and the device has {} free: choose a smaller size",
     "拷贝 {0} 需要同样多的设备内存，而设备只有 {1} 空闲：请选小一点的大小"},
    {"a thread may use at most {} registers; you asked for {}", "一个线程最多可用 {0} 个寄存器；你要的是 {1}"},
    {"a tile must be at least 1 × 1; got {}", "分块至少要 1 × 1；得到的是 {0}"},
    {"mat_mul_shared_kernel is compiled for tiles of 8, 16 and 32; not {}", "mat_mul_shared_kernel 只为 8、16、32 的分块编译过；没有 {0}"},
    {"n = {} is too large: these kernels index with int, so n × n must stay below 2³¹ (n ≤ {})",
     "n = {0} 太大：这些核函数用 int 做下标，所以 n × n 必须小于 2³¹（n ≤ {1}）"},
    {"n must be at least 1 (a matrix of n × n floats); got {}", "n 至少为 1（n × n 个 float 的矩阵）；得到的是 {0}"},
    {"the grid has blocks 0 to {} along x and 0 to {} along y; there is no block ({}, {})",
     "网格沿 x 有线程块 0 到 {0}，沿 y 有 0 到 {1}；没有线程块 ({2}, {3})"},
    {"the pictures trace every load, so n must be 1 to {}; got {}", "图中跟踪每一次读取，所以 n 必须在 1 到 {0} 之间；得到的是 {1}"},
    {"the pictures trace every tile slot, so n must be 1 to {}; got {}", "图中跟踪每一个分块槽位，所以 n 必须在 1 到 {0} 之间；得到的是 {1}"},
    {"this step draws at most {} threads; you asked for {} ({} × {} blocks of {} × {})",
     "这一步最多画 {0} 个线程；你要的是 {1} 个（{2} × {3} 个 {4} × {5} 的线程块）"},
    {"this step needs three arrays of {} and the device has {} free", "这一步需要三个 {0} 的数组，而设备只有 {1} 空闲"},
    {"this step needs three arrays of {} on the device and it has {} free", "这一步需要在设备上放三个 {0} 的数组，而它只有 {1} 空闲"},
    {"this step needs two arrays of {} on the device and it has {} free", "这一步需要在设备上放两个 {0} 的数组，而它只有 {1} 空闲"},
    {"this step needs two buffers of {} ({} in all) and {} has {} free: choose a smaller size",
     "这一步需要两个 {0} 的缓冲区（共 {1}），而 {2} 只有 {3} 空闲：请选小一点的大小"},
    {"this step needs {} of host memory and this computer has about {} to spare: choose a smaller size",
     "这一步需要 {0} 主机内存，而这台计算机大约只有 {1} 可用：请选小一点的大小"},
    {"this step needs {} of host memory (the emulator's device memory included) and this computer has about {} to spare: choose a smaller size",
     "这一步需要 {0} 主机内存（含模拟器的设备内存），而这台计算机大约只有 {1} 可用：请选小一点的大小"},
    {"this would keep the {} busy for at least {} s ({} waves of {} µs); choose fewer blocks or less work per block",
     "这会让{0}至少忙 {1} s（{2} 波，每波 {3} µs）：请减少线程块数或每个线程块的工作量"},
    {"with n = {} and {} × {} tiles the grid has blocks 0 to {} each way; there is no block ({}, {})",
     "n = {0}、{1} × {2} 分块时，网格每个方向有线程块 0 到 {3}；没有线程块 ({4}, {5})"},
    {"with n = {} and {} × {} tiles there are k-steps 0 to {}; there is no step {}",
     "n = {0}、{1} × {2} 分块时，k 步为 0 到 {3}；没有第 {4} 步"},
    {"two {} × {} tiles of floats need {} of shared memory per block; the {} allows {}",
     "两个 {0} × {1} 的 float 分块每个线程块需要 {2} 共享内存；{3} 只允许 {4}"},
    {"{} threads × {} registers need {} registers, more than a block may have ({})",
     "{0} 个线程 × {1} 个寄存器需要 {2} 个寄存器，超过了一个线程块的上限（{3}）"},
    {"{} needs {} of host memory; this machine has {} available", "{0} 需要 {1} 主机内存；这台机器只有 {2} 可用"},
    {"A, B and C of {} × {} floats need {} of device memory; the {} has {} free",
     "{0} × {1} 个 float 的 A、B、C 需要 {2} 设备内存；{3} 只有 {4} 空闲"},
    {"stopped after {} of {} rows in {}; the whole loop would take about {}", "{2} 内算完 {1} 行中的 {0} 行后停止；整个循环大约要 {3}"},
    {"still measuring: {} of {} sizes done", "仍在测量：{1} 种大小中已完成 {0} 种"},
    // lessons/prediction.cpp: `cudalab run --predict` (the window says it from the numbers).
    {"You predicted \"{}\"; the run says \"{}\". {}", "你预测的是“{0}”；运行结果是“{1}”。{2}"},
    {"You predicted {}; the run says {}. {}", "你预测的是 {0}；运行结果是 {1}。{2}"},
    {"Close enough (within {} %).", "足够接近（误差在 {0} % 以内）。"},
};

}  // namespace

std::span<const Translation> zh_cn_verdict_patterns() { return verdict_patterns; }
std::span<const Translation> zh_cn_verdict_words() { return verdict_words; }
std::span<const Translation> zh_cn_message_patterns() { return message_patterns; }

std::span<const Translation> zh_cn_patterns() {
  static const std::vector<Translation> all = [] {
    std::vector<Translation> patterns;
    for (const std::span<const Translation> part : {zh_cn_view_patterns(), zh_cn_ladder_patterns(), zh_cn_check_patterns(), zh_cn_verdict_patterns(),
                                                     zh_cn_message_patterns()}) {
      patterns.insert(patterns.end(), part.begin(), part.end());
    }
    patterns.insert(patterns.end(), zh_cn_errors_patterns().begin(), zh_cn_errors_patterns().end());
    patterns.insert(patterns.end(), zh_cn_tools_patterns().begin(), zh_cn_tools_patterns().end());
    return patterns;
  }();
  return all;
}

}  // namespace cudalab::app::i18n
