// The interface in Simplified Chinese: English text (the key, exactly as the code writes it) →
// what a Chinese CUDA teacher would put on the button. Terms follow lessons/GLOSSARY.zh-CN.md
// (核函数, 线程块, 模拟器, 步骤, 章…); CUDA names, keys (F5, Ctrl+=) and units stay as they are.
// A string missing here is shown in English; tests check that every character below has a glyph.
#include "i18n/language.h"

namespace cudalab::app::i18n {

namespace {

constexpr Translation table[] = {
    // Top bar
    {"◀ Back", "◀ 上一步"},
    {"Next ▶", "下一步 ▶"},
    {"Previous step (←)", "上一步（←）"},
    {"Next step (→)", "下一步（→）"},
    {"Exercise: ", "练习："},
    {"Step ", "第 "},
    {"Step %d of %d: %s", "第 %d 步（共 %d 步）：%s"},
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
    {"Language of the lesson text and the interface", "课文和界面的语言"},
    // Status bar
    {"Opening the backend…", "正在打开后端……"},
    {"No backend could be opened: choose one on the right", "无法打开任何后端：请在右侧选择一个"},
    {"Switch backend", "切换后端"},
    {"Which device runs the lesson's kernels", "由哪个设备运行本课的核函数"},
    {"Open run…", "打开运行记录……"},
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
    {"Run", "运行"},
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
    {"Your answer", "你的答案"},
    {"Skip", "跳过"},
    {"Run with my answer", "用我的答案运行"},
    {"Correct", "答对了"},
    {"Close", "接近"},
    {"Not quite", "不太对"},
    {"Wrong", "答错了"},
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
    {"Type a file name first.", "请先输入文件名。"},
    {"This chapter has no whole program of its own.", "本章没有自己的完整程序。"},
    // Recorded runs
    {"Live", "实时"},
    {"Recorded", "录制"},
    {"Open", "打开"},
    {"Open a saved run", "打开保存的运行记录"},
    // Present layout
    {"FOR THE TEACHER", "教师备注"},
    {"Stop presenting", "结束演示"},
    {"Pen", "画笔"},
    {"Results ▸", "结果 ▸"},
    {"Results ▾", "结果 ▾"},
    {"Back to every pane (Esc or F5)", "回到全部面板（Esc 或 F5）"},
    {"Show or hide the results, console and code under the canvas", "显示或隐藏画布下方的结果、控制台和代码"},
};

}  // namespace

std::span<const Translation> zh_cn_table() { return table; }

}  // namespace cudalab::app::i18n
