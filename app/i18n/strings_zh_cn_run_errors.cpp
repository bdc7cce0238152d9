// Chapter 4's last step, "When a launch goes wrong" (lessons/04_round_trip/errors_step.cpp), in
// Simplified Chinese: its words (title, labels, question and choices; its views' fixed text) join
// zh_cn_table(), its patterns zh_cn_patterns(). The same rules as the other run tables: "{}" per
// hole in English, "{0}", "{1}"… in Chinese; CUDA names and code stay; terms follow
// lessons/GLOSSARY.zh-CN.md (粘滞错误, 同步调用, 执行配置).
#include "i18n/text_patterns.h"

namespace cudalab::app::i18n {

namespace {

constexpr Translation errors_patterns[] = {
    {"blocks of {} threads: copy_shifted{} (the most is 1024)",
     "每个线程块 {0} 个线程：copy_shifted{1}（最多 1024 个）"},
    {"a grid of 0 blocks: copy_shifted{}", "网格里有 0 个线程块：copy_shifted{0}"},
    {"thread i reads in[i + {}]: {} of the {} threads read past the end of d_in, up to {} beyond it",
     "线程 i 读取 in[i + {0}]：{2} 个线程中有 {1} 个读到 d_in 的末尾之后，最远超出 {3}"},
    {"never ran: d_out still holds the host's -1s ({} of {} elements written)",
     "没有运行：d_out 里仍是主机写入的 -1（{1} 个元素中写入了 {0} 个）"},
    {"finished: {} of {} elements right; {} came from past the end of d_in, whatever that memory held — "
     "compute-sanitizer reports such reads",
     "运行结束：{1} 个元素中 {0} 个正确；另有 {2} 个来自 d_in 末尾之后，是那块内存里碰巧存着的值——compute-sanitizer "
     "会报告这样的读取"},
    {"finished: {} of {} elements right", "运行结束：{1} 个元素中 {0} 个正确"},
};

constexpr Translation errors_words[] = {
    // The step as the app lists and asks it.
    {"When a launch goes wrong", "启动出错的时候"},
    {"Read past the end by (elements)", "读到末尾之后多远（元素）"},
    {"The mistake: {mistake}. Which call tells the program?", "错误：{mistake}。哪个调用会告诉程序？"},
    {"The launch: cudaGetLastError() right after <<<…>>>", "启动本身：紧跟在 <<<…>>> 之后的 cudaGetLastError()"},
    {"The next call that waits: cudaDeviceSynchronize() or cudaMemcpy",
     "下一个等待核函数的调用：cudaDeviceSynchronize() 或 cudaMemcpy"},
    {"No call: every call returns cudaSuccess", "没有调用：每个调用都返回 cudaSuccess"},
    // Its views.
    {"What the program was told", "程序得到了什么消息"},
    {"the mistake", "错误"},
    {"none: a launch the device can run, every read inside d_in", "没有错误：设备能执行的启动，每次读取都在 d_in 之内"},
    {"reported by", "报告者"},
    {"the launch itself, at once (cudaGetLastError)", "启动本身，立刻报告（cudaGetLastError）"},
    {"the next call that waited for the kernel, not the launch", "下一个等待核函数的调用，而不是启动"},
    {"no call: every call returned cudaSuccess", "没有调用报告：每个调用都返回了 cudaSuccess"},
    {"the kernel", "核函数"},
    {"the next launch", "下一次启动"},
    {"worked: a configuration error is not sticky", "成功了：执行配置错误不是粘滞错误"},
    {"failed too", "也失败了"},
    {"started, and faulted while the host was already past the launch", "开始运行后出错，而这时主机早已越过了启动调用"},
    {"this process", "这个进程"},
    {"lost its CUDA context: every CUDA call in it fails until it ends. CUDA Lab ends the worker process that ran this "
     "step; the next run starts a fresh one",
     "失去了 CUDA 上下文：在它结束之前，其中的每个 CUDA 调用都会失败。CUDA Lab "
     "会结束运行这一步的工作进程；下一次运行会启动一个新的"},
    {"now", "现在"},
    {"launching the kernel, then waiting for it", "正在启动核函数，然后等待它"},
    {"d_in ends at a guard page: the first read past its end stops the worker process at once, and the console names "
     "the kernel, block, thread and buffer. A GPU does not stop there: its launch returns cudaSuccess, the fault "
     "(cudaErrorIllegalAddress) comes back from the next cudaDeviceSynchronize or cudaMemcpy, and it is sticky: every "
     "later CUDA call of that process fails",
     "d_in "
     "的末尾紧挨着一个保护页：越过末尾的第一次读取就会让工作进程立刻停下，控制台会指出核函数、线程块、线程和缓冲区。GPU"
     " 不会在这里停下：它的启动返回 cudaSuccess，错误（cudaErrorIllegalAddress）由下一个 cudaDeviceSynchronize 或 "
     "cudaMemcpy 返回，而且是粘滞错误：这个进程之后的每个 CUDA 调用都会失败"},
    {"Call by call", "逐个调用"},
    {"call", "调用"},
    {"returned", "返回值"},
    {"what it tells you", "它说明了什么"},
    {"accepted: the kernel runs after this call has returned", "已接受：核函数在这个调用返回之后才运行"},
    {"refused at once: the kernel never started", "立刻被拒绝：核函数根本没有开始"},
    {"the kernel finished without a fault", "核函数运行结束，没有出错"},
    {"nothing ran, so there is nothing to report", "什么都没有运行，所以没有什么可报告"},
    {"the kernel's fault, reported by the first call that waits for it", "核函数的错误，由第一个等待它的调用报告"},
    {"the results came back", "结果拷回来了"},
    {"works, and says nothing of the refused launch: d_out is as the host left it",
     "成功了，而且对被拒绝的启动只字不提：d_out 还是主机留下的样子"},
    {"fails too: the error is sticky", "也失败了：这是粘滞错误"},
    {"a good configuration works at once: the refused launch left nothing behind",
     "正确的执行配置立刻就能工作：被拒绝的启动没有留下任何影响"},
    {"The habit: check the launch, then the wait", "好习惯：先检查启动，再检查等待"},
};

}  // namespace

std::span<const Translation> zh_cn_errors_patterns() {
  return errors_patterns;
}
std::span<const Translation> zh_cn_errors_words() {
  return errors_words;
}

}  // namespace cudalab::app::i18n
