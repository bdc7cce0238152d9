// Chapter 6's last step, "find the bug with tools" (lessons/06_tiles/find_the_bug_step.cpp), in
// Simplified Chinese: its patterns join zh_cn_patterns(), its whole texts zh_cn_table(). The same
// rules as the other run-time tables: "{}" per hole in English, "{0}", "{1}"… in Chinese, "{0=}"
// for a hole shown as it came (what compute-sanitizer printed is never translated: the step shows
// it in quotes, and its whole output in a listing). Terms follow lessons/GLOSSARY.zh-CN.md; tool
// names (compute-sanitizer, racecheck, memcheck) stay as they are.
#include "i18n/text_patterns.h"

namespace cudalab::app::i18n {

namespace {

constexpr Translation tools_patterns[] = {
    {"compute-sanitizer --tool {} on the GPU", "GPU 上的 compute-sanitizer --tool {0}"},
    {"found: {}", "已找到：{0=}"},
    {"{} at n = {}, side by side", "n = {1} 时的 {0}：两边对照"},
    {"compute-sanitizer {} (GPU)", "compute-sanitizer {0}（GPU）"},
    {"{} in {} reports ({} errors, {} warnings)", "{1} 条报告里共 {0} 个冲突（{2} 个错误，{3} 个警告）"},
    {"{} errors, {} warnings", "{0} 个错误，{1} 个警告"},
    {"{} ({} printed in full)", "{0} 个（其中 {1} 个完整打印）"},
    {"{} hazards", "{0} 个冲突"},
    {"{} errors", "{0} 个错误"},
    {"{} in {}, at {}", "{0}，在 {1} 中，位置 {2}"},
    {"{} in {}, at {} and {}", "{0}，在 {1} 中，位置 {2} 和 {3}"},
    {"none: the tool ended with exit code {} before printing one; its output is below",
     "没有：工具在打印摘要之前就以退出码 {0} 结束了；它的输出在下面"},
    {"stopped at its time limit of {} s; what it printed by then is below", "到了 {0} 秒的时间上限被停止；它在此之前打印的内容在下面"},
    {"could not be started: {}", "无法启动：{0=}"},
    {"{} is missing from this build", "这个构建里缺少 {0}"},
};

constexpr Translation tools_words[] = {
    // The step's controls and question (lessons/06_tiles/find_the_bug_step.cpp).
    {"Broken kernel", "有错的核函数"},
    {"compute-sanitizer tool", "compute-sanitizer 工具"},
    {"{kernel} at n = {n}: which tool reports its bug?", "n = {n} 时的 {kernel}：哪个工具会报告它的错误？"},
    {"both", "两个都会"},
    {"neither: nothing goes wrong at this n", "都不会：在这个 n 下什么也不会出错"},
    // Its views.
    {"CUDA Lab's checks on the CPU emulator (the exercise grader)", "CUDA Lab 在 CPU 模拟器上的检查（练习的评分器）"},
    {"what it saw", "它看到了什么"},
    {"what it means", "这意味着什么"},
    {"how many", "数量"},
    {"the first one: the grader stops at the first race or bad access", "只有第一个：评分器在第一次竞争或越界访问处就停下"},
    {"not run", "没有运行"},
    {"this run is on the CPU emulator: compute-sanitizer watches a kernel on a real GPU",
     "这次运行在 CPU 模拟器上：compute-sanitizer 监视的是真实 GPU 上的核函数"},
    {"what it would add", "它能补充什么"},
    {"every bad access of the launch counted, each with its thread, its line and how far past the allocation it fell",
     "数出这次启动里的每一次越界访问，每次都给出线程、代码行，以及越过分配区多远"},
    {"every hazard of the launch counted, each race with the two lines involved, on the hardware that hides it",
     "在会掩盖竞争的真实硬件上，数出这次启动里的每一个冲突，每处竞争都给出涉及的两行代码"},
    {"compute-sanitizer here", "这台机器上的 compute-sanitizer"},
    {"not found on PATH, in /usr/local/cuda/bin or in /usr/local/cuda-13*/bin: it ships with the CUDA toolkit "
     "(`compute-sanitizer` in /usr/local/cuda/bin); install the toolkit or put its bin folder on PATH",
     "在 PATH、/usr/local/cuda/bin 和 /usr/local/cuda-13*/bin 里都没有找到：它随 CUDA 工具包一起安装"
     "（/usr/local/cuda/bin 里的 `compute-sanitizer`）；请安装工具包，或把它的 `bin` 文件夹加入 PATH"},
    {"the cudalab program to start under the tool was not found (set CUDALAB_EXECUTABLE to its path)",
     "没有找到要在工具下启动的 cudalab 程序（请把 CUDALAB_EXECUTABLE 设为它的路径）"},
    {"stopped", "已停止"},
    {"its summary", "它的摘要"},
    {"hazards", "冲突"},
    {"errors", "错误"},
    {"it said", "它说"},
    {"first report", "第一条报告"},
    {"by", "出自"},
    {"command", "命令"},
    {"no line (compiled without line info)", "没有行号（编译时没有行号信息）"},
    {"CUDA Lab (CPU emulator)", "CUDA Lab（CPU 模拟器）"},
    {"what it found", "发现了什么"},
    {"where", "位置"},
    {"the first", "第一个"},
    {"none", "没有"},
    {"nothing", "什么也没有"},
    {"compute-sanitizer's output, as it printed it", "compute-sanitizer 的输出（原样）"},
    {"the exercise matmul_tiled is missing from this build", "这个构建里缺少练习 matmul_tiled"},
};

}  // namespace

std::span<const Translation> zh_cn_tools_patterns() { return tools_patterns; }
std::span<const Translation> zh_cn_tools_words() { return tools_words; }

}  // namespace cudalab::app::i18n
