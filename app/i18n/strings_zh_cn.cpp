// The interface in Simplified Chinese: English text (the key, exactly as the code writes it) →
// what a Chinese CUDA teacher would put on the button. Terms follow lessons/GLOSSARY.zh-CN.md
// (核函数, 线程块, 模拟器, 步骤, 章…); CUDA names, keys (F5, Ctrl+=) and units stay as they are.
// A string missing here is shown in English; tests check that every character below has a glyph.
#include "i18n/language.h"
#include "text/catalog.h"

#include <iterator>
#include <vector>

namespace cudalab::app::i18n {

namespace {

constexpr Translation interface_table[] = {
    // Top bar
    {"◀ Back", "◀ 上一步"},
    {"Next ▶", "下一步 ▶"},
    {"Previous step (←)", "上一步（←）"},
    {"Next step (→)", "下一步（→）"},
    {"Exercise: ", "练习："},
    {"Dark", "深色"},
    {"Light", "浅色"},
    {"High contrast", "高对比度"},
    {"Colours: dark, light, or high contrast for a washed-out projector", "配色：深色、浅色，或给发白的投影仪用的高对比度"},
    {"Smaller text (Ctrl+-)", "缩小文字（Ctrl+-）"},
    {"Larger text (Ctrl+=)", "放大文字（Ctrl+=）"},
    {"Present", "演示"},
    {"Stop", "结束演示"},
    {"Back to every pane (Esc)", "回到全部面板（Esc）"},
    {"Present (F5): text and canvas large; on a second screen, the presenter view",
     "演示（F5）：放大课文和画布；有第二块屏幕时进入演讲者视图"},
    {"Fullscreen", "全屏"},
    {"Fullscreen on and off (F11)", "切换全屏（F11）"},
    {"View…", "显示…"},
    {"predict: ", "预测："},
    {"Language, colours, text size, Present and Fullscreen", "语言、配色、字号、演示和全屏"},
    {"Language of the lesson text and the interface", "课文和界面的语言"},
    // Status bar
    {"Opening the backend…", "正在打开后端……"},
    {"No backend could be opened: choose one on the right", "无法打开任何后端：请在右侧选择一个"},
    {"Switch backend", "切换后端"},
    {"Which device runs the lesson's kernels", "由哪个设备运行本课的核函数"},
    {"Open run…", "打开运行记录…"},
    {"Show a run saved by `cudalab run --json` or `cudalab record`",
     "显示由 `cudalab run --json` 或 `cudalab record` 保存的运行记录"},
    {"← → steps · PgUp PgDn chapters · Ctrl+= Ctrl+- text · F5 present · F11 fullscreen",
     "← → 步骤 · PgUp PgDn 章 · Ctrl+= Ctrl+- 文字大小 · F5 演示 · F11 全屏"},
    // Backend words (shell/backend_words.cpp)
    {"Running on the CPU emulator (chosen in the backend menu)", "在 CPU 模拟器上运行（在后端菜单中选择）"},
    {"No NVIDIA GPU found — running on the CPU emulator", "没有找到 NVIDIA GPU，改在 CPU 模拟器上运行"},
    {"CPU emulator", "CPU 模拟器"},
    {"worker thread", "个工作线程"},
    {"worker threads", "个工作线程"},
    {"Host: ", "主机："},
    {"Why: ", "原因："},
    {"Times shown are CPU times, not GPU times.", "这里显示的是 CPU 时间，不是 GPU 时间。"},
    {"`cudalab devices` lists the backends.", "`cudalab devices` 会列出可用的后端。"},
    // Chapter list and text pane
    {"CHAPTERS", "章节"},
    {"No chapters.", "没有章节。"},
    {"Fold the chapter list to a strip of numbers", "把章节列表折叠成一列编号"},
    {"Show the chapter list", "展开章节列表"},
    {"This build has no lessons.", "这个版本没有任何课程。"},
    {"About this chapter", "关于本章"},
    {"Step %d · %s", "第 %d 步 · %s"},
    {"For the teacher", "教师备注"},
    {"You can now", "本章小结"},
    {"This chapter has no Chinese text yet; showing the English text.", "本章还没有中文课文，下面显示英文原文。"},
    // Controls
    {"CONTROLS", "控制"},
    {"Cancel", "取消"},
    {"Reset", "重置"},
    {"Predict", "预测"},
    {"Run on change", "改动即运行"},
    {"Run again as soon as a value changes", "数值一改就重新运行"},
    {"Run this step again with these values", "用这些数值再运行一次本步骤"},
    {"Back to this step's starting values", "恢复本步骤的初始数值"},
    {"Ask this step's question again, then run", "再问一次本步骤的问题，然后运行"},
    {"Answer the question on the canvas first, or skip it.", "请先回答画布上的问题，或者跳过。"},
    {"Not run yet.", "尚未运行。"},
    {"Nothing to run here.", "这里没有可运行的内容。"},
    {"Running…", "正在运行……"},
    {"Running… %.0f %%", "正在运行…… %.0f %%"},
    {"This step has nothing to set.", "本步骤没有可调的参数。"},
    // Canvas
    {"Press Run to run this step.", "按“运行”来运行本步骤。"},
    {"Running the step…", "正在运行本步骤……"},
    {"Picture ", "图 "},
    {"Threads launched", "已启动的线程"},
    // Prediction card and verdicts
    {"PREDICT FIRST", "先预测"},
    {"Prediction", "预测"},
    {"Skip", "跳过"},
    {"The run did not produce an answer, so your prediction has nothing to compare with.",
     "这次运行没有得出答案，你的预测无从比较。"},
    // Bottom tabs
    {"Results", "结果"},
    {"Console", "控制台"},
    {"Code", "代码"},
    {"Timings", "计时"},
    {"Clear", "清空"},
    {"No results for this step yet.", "本步骤还没有结果。"},
    {"This step's results are in the picture above.", "本步骤的结果就在上面的图里。"},
    {"Kernels", "核函数"},
    {"Whole program", "完整程序"},
    {"Save as .cu", "另存为 .cu"},
    {"Run on the emulator", "在模拟器上运行"},
    {"Stop the program", "停止程序"},
    {"main(), its kernels and printf on the CPU emulator, as `cudalab exec` runs them",
     "在 CPU 模拟器上运行 main()、它的核函数和 printf，与 `cudalab exec` 相同"},
    {"running on the CPU emulator… (times are the CPU's, not a GPU's)", "正在 CPU 模拟器上运行……（时间是 CPU 的，不是 GPU 的）"},
    {"main returned {} · CPU emulator: times are the CPU's", "main 返回了 {} · CPU 模拟器：时间是 CPU 的"},
    {"Type a file name first.", "请先输入文件名。"},
    {"This chapter has no whole program of its own.", "本章没有自己的完整程序。"},
    // Recorded runs
    {"Live", "实时"},
    {"Recorded", "录制"},
    {"Open", "打开"},
    {"Open a saved run", "打开保存的运行记录"},
    {"The recorded run was not shown: ", "录制的运行没有显示："},
    // Present layout
    {"FOR THE TEACHER", "教师备注"},
    {"Stop presenting", "结束演示"},
    {"Pen", "画笔"},
    {"Results ▸", "结果 ▸"},
    {"Results ▾", "结果 ▾"},
    {"Back to every pane (Esc or F5)", "回到全部面板（Esc 或 F5）"},
    {"Show or hide the results, console and code under the canvas", "显示或隐藏画布下方的结果、控制台和代码"},
    // Added with the second pass over the panes
    {"Step %d of %d: ", "第 %d 步（共 %d 步）："},
    {"Console (1 error)", "控制台（1 个错误）"},
    {"Console (", "控制台（"},
    {" errors)", " 个错误）"},
    {"Results: the run's facts, tables, charts and timings", "结果：这次运行的数据、表格、图表和计时"},
    {"Console: kernel printf output and messages", "控制台：核函数的 printf 输出和消息"},
    {"Code: the chapter's kernels and its whole program", "代码：本章的核函数和完整程序"},
    {"kernel printf output and messages", "核函数的 printf 输出和消息"},
    {"▶ Run", "▶ 运行"},
    {"✓ Ran in < 1 ms", "✓ 用时 < 1 ms"},
    {"✓ Ran in %.0f ms", "✓ 用时 %.0f ms"},
    {"This step did not run: ", "本步骤没有运行："},
    {"Last run failed: ", "上次运行失败："},
    {" (showing the last good run)", "（显示的是上一次成功的运行）"},
    {"This step has no picture: its results are in the pane below.", "本步骤没有图：结果在下方面板里。"},
    {"▶ Run and compare", "▶ 运行并对比"},
    {"Skip: just run", "跳过，直接运行"},
    {"Commit to an answer, then run: the run's own result is compared with yours. The sliders still change the question.",
     "先写下答案再运行：程序会把实际运行结果和你的答案对比。拖动滑块仍会改变问题。"},
    {"You predicted %s; the run says %s. %s", "你预测 %s，运行结果是 %s。%s"},
    {"Right.", "答对了。"},
    {"Not this time: look at the picture to see why.", "这次没猜中，看看图里是为什么。"},
    {"A run saved by `cudalab run --json FILE` or `cudalab record`:", "由 `cudalab run --json FILE` 或 `cudalab record` 保存的运行记录："},
    {"Close the audience window and show every pane here (Esc)", "关闭观众窗口，在这里显示全部面板（Esc）"},
    {"Draw on the canvas (P), or drag with Shift held · C clears · hold L for a spotlight",
     "在画布上画（P），或按住 Shift 拖动 · C 清除 · 按住 L 打聚光灯"},
    {"lesson.md has no notes for the teacher at this step.", "本步骤没有教师备注。"},
    {"recorded on ", "录制于 "},
    {"opened from ", "打开自 "},
    {"Live: ", "实时："},
    {"Live: CPU emulator", "实时：CPU 模拟器"},
    {"The same step run on a real GPU elsewhere, at the values it was recorded with:\nits pictures, numbers and timings are that GPU's, not this machine's.",
     "同一步骤在别处的真实 GPU 上、按录制时的数值运行的结果：\n图、数字和计时都来自那块 GPU，不是这台机器。"},
    {"Not live: ", "非实时："},
    {". Pictures, numbers and timings are that device's, at the values it was recorded with.",
     "。图、数字和计时都来自那台设备，使用录制时的数值。"},
    {" cells · wheel: zoom · drag: pan · double-click: fit · hover a cell for its numbers",
     " 个格子 · 滚轮：缩放 · 拖动：平移 · 双击：适应窗口 · 鼠标悬停在格子上看数字"},
    // Console messages
    {"Backend: ", "后端："},
    {"Could not open the backend: ", "无法打开后端："},
    {" · step %d", " · 第 %d 步"},
    {": ran in %.0f ms", "：运行完成，用时 %.0f ms"},
    {": cancelled", "：已取消"},
    {": ", "："},
    {"The GPU was reset after that error; its memory was cleared.", "出错后 GPU 已被重置，显存中的数据已清空。"},
    {"Switching to ", "正在切换到 "},
    // Present layout, splitters
    {"presenting for %d min", "已演示 %d 分钟"},
    {"Now: %d.%d %s", "当前：%d.%d %s"},
    {"the end of the course", "课程结束"},
    {"Step %d/%d · ", "第 %d/%d 步 · "},
    {"chapter %s, ", "第 %s 章，"},
    {"Next (→): %s", "下一步（→）：%s"},
    {"Drag to resize · double-click: back to the default", "拖动调整大小 · 双击：恢复默认"},
    // Exercises (panels/exercise_panel.cpp)
    {"Exercises", "练习"},
    {"Exercise · %s", "练习 · %s"},
    {"Hint %d", "提示 %d"},
    {"Checking…", "正在检查……"},
    {"Check  (Ctrl+Enter)", "检查（Ctrl+Enter）"},
    {"All {} hints shown", "{} 条提示已全部显示"},
    {"Show hint {} of {}", "显示提示 {}（共 {} 条）"},
    {"On the emulator, {} starts at {} ({} on a GPU): a CPU answers in seconds.",
     "在模拟器上，{}从 {} 开始（GPU 上为 {}）：这样 CPU 几秒内就能给出结果。"},
    {"Reset to starter…", "恢复初始代码…"},
    {"Replace your kernel with the starter? (Ctrl+Z in the editor brings yours back.)",
     "用初始代码替换你的核函数吗？（在编辑器里按 Ctrl+Z 可以找回你的代码。）"},
    {"Replace", "替换"},
    {"Keep mine", "保留我的"},
    {"Your file: %s", "你的文件：%s"},
    {"Back to the chapter", "回到本章"},
    {"This step has nothing to set: press Run to run it again.", "本步骤没有可调的参数：按“运行”再运行一次。"},
};

}  // namespace

std::span<const Translation> zh_cn_run_words();      // strings_zh_cn_run_words.cpp
std::span<const Translation> zh_cn_verdict_words();  // strings_zh_cn_patterns.cpp

std::span<const Translation> zh_cn_table() {
  // One table for tr() and the glyph collection: the interface's words, the words of runs and
  // verdicts the runtime and the worker say, then the lessons' catalog (lessons/text/catalog.h:
  // each chapter's strings.zh-CN.po) without its messages that have holes (zh_cn_patterns()).
  static const std::vector<Translation> table = [] {
    std::vector<Translation> all(std::begin(interface_table), std::end(interface_table));
    for (const std::span<const Translation> more : {zh_cn_run_words(), zh_cn_verdict_words()}) {
      all.insert(all.end(), more.begin(), more.end());
    }
    for (const lessons::text::CatalogEntry& entry : lessons::text::catalog()) {
      if (!entry.has_holes) all.push_back({entry.id, entry.chinese});
    }
    return all;
  }();
  return table;
}

}  // namespace cudalab::app::i18n
