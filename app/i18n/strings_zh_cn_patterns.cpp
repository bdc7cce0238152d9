// Run-time text in Simplified Chinese (text_patterns.h): exercise verdicts and messages about
// input. English: the fmt string the code formats, "{}" per hole; Chinese: "{0}", "{1}"… name the
// holes by position (a hole may be left out, a plural "s"). Terms follow lessons/GLOSSARY.zh-CN.md.
#include <iterator>
#include <vector>

#include "i18n/text_patterns.h"
#include "text/catalog.h"

namespace cudalab::app::i18n {

namespace {

// Whole verdict texts (kinds, headlines, advice), looked up by tr() like the interface's words.
constexpr Translation verdict_words[] = {
    {"Wrong result",
     "结果错误"},
    {"Out of bounds",
     "越界访问"},
    {"Data race",
     "数据竞争"},
    {"Too many reads or writes",
     "读写次数过多"},
    {"Divergent barrier",
     "屏障前分支发散"},
    {"Leaks device memory",
     "泄漏设备内存"},
    {"Misses a failed launch",
     "没有察觉启动失败"},
    {"Breaks the exercise's rule",
     "违反了练习的规则"},
    // A class folder's entries that are not gradable files (app/cli/class_folder.cpp).
    // `cudalab run`, `check`, `exercise(s)`: the text reports' own words (fmt strings, "{}" in order).
    {"device: ",
     "设备："},
    {"parameters:",
     "参数："},
    {"timings",
     "计时"},
    {", median of {}",
     "，{} 次的中位数"},
    {"trace: {} events did not fit in the trace buffer",
     "跟踪记录：有 {} 个事件没放进跟踪缓冲区"},
    {"kernel printf output",
     "核函数的 printf 输出"},
    {"error: ",
     "错误："},
    {"{} cells in {} × {}",
     "{} 个格子，{} × {}"},
    {", {} idle",
     "，{} 个空闲"},
    {"{} against {}",
     "{} 与 {} 的关系"},
    {"{} · step {}: {}",
     "{} · 第 {} 步：{}"},
    {"Predict: ",
     "预测："},
    {"The run has no answer to compare with: it did not finish.",
     "这次运行没有可比较的答案：它没有完成。"},
    {"run saved to ",
     "运行记录已保存到 "},
    {"Printed by the kernel:",
     "核函数打印的内容："},
    {"Printed by the program:",
     "程序打印的内容："},
    {"%s: green right, red wrong, grey never written",
     "%s：绿色正确，红色错误，灰色从未写入"},
    {"%s · compiled in %.2f s · ran in %.2f s",
     "%s · 编译用时 %.2f s · 运行用时 %.2f s"},
    {"({} · compiled in {:.2f} s · ran in {:.2f} s)",
     "（{} · 编译用时 {:.2f} s · 运行用时 {:.2f} s）"},
    {"The kernel: ",
     "核函数："},
    {"title — what is checked",
     "标题——检查什么"},
    {"outputs vs the CPU, bounds",
     "输出与 CPU 对比、越界"},
    {"outputs vs the CPU, the error it returns, memory freed, copy sizes",
     "输出与 CPU 对比、返回的错误、内存释放、复制大小"},
    {", the exercise's rule",
     "、练习的规则"},
    {"kind",
     "类型"},
    {"host code",
     "主机代码"},
    {"speed",
     "速度"},
    {", speed goals",
     "、速度目标"},
    {"Leaderboard: {}, lower is better ({})",
     "排行榜：{}，越低越好（{}）"},
    {"timed on the GPU, medians",
     "在 GPU 上计时，取中位数"},
    {"counted on the CPU emulator",
     "在 CPU 模拟器上统计"},
    {"measure",
     "指标"},
    {"goal",
     "目标"},
    {", no {} of {}",
     "，不许{} {}"},
    {", ≤ {} {} of {} per thread",
     "，每个线程对 {2} 的{1}不超过 {0} 次"},
    {"reads",
     "读取"},
    {"submission",
     "提交"},
    {"first finding",
     "首个发现"},
    {"{} of {} submissions passed {} ({}), in {:.1f} s with {} job{}",
     "{1} 份提交中有 {0} 份通过 {2}（{3}），用时 {4:.1f} s，并行 {5} 个任务"},
    {"-j {}: {} at a time (one per core), so that the machine's load cannot time a submission out",
     "-j {0}：每次 {1} 个（每个核心一个），以免机器的负载让提交超时"},
    {"chapter",
     "章"},
};

// lessons/lesson.cpp and the chapters' checks of their parameters: only some values say these.
constexpr Translation message_patterns[] = {
    {"this step needs {} of host memory and this computer has about {} to spare: choose a smaller size",
     "这一步需要 {0} 主机内存，而这台计算机大约只有 {1} 可用：请选小一点的大小"},
    {"this step needs {} of host memory (the emulator's device memory included) and this computer has about {} to spare: choose a smaller size",
     "这一步需要 {0} 主机内存（含模拟器的设备内存），而这台计算机大约只有 {1} 可用：请选小一点的大小"},
};

}  // namespace

std::span<const Translation> zh_cn_verdict_words() { return verdict_words; }
std::span<const Translation> zh_cn_message_patterns() { return message_patterns; }

std::span<const Translation> zh_cn_patterns() {
  static const std::vector<Translation> all = [] {
    std::vector<Translation> patterns;
    for (const std::span<const Translation> part :
         {zh_cn_view_patterns(), zh_cn_message_patterns()}) {
      patterns.insert(patterns.end(), part.begin(), part.end());
    }
    // The lessons' messages with holes (each chapter's strings.zh-CN.po): the Runs a worker or a
    // recording made carry their text formatted in English (timing labels, statuses).
    for (const lessons::text::CatalogEntry& entry : lessons::text::catalog()) {
      if (entry.has_holes) patterns.push_back({entry.id, entry.chinese});
    }
    return patterns;
  }();
  return all;
}

}  // namespace cudalab::app::i18n
