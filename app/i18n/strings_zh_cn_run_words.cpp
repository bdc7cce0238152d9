// Whole texts of runs in Simplified Chinese that no chapter's catalog holds (lessons/*/strings.zh-CN.po
// does, for what the lessons say): what the runtime, the emulator and the worker put in a Run —
// statuses, timing sources, backend names — looked up by tr() like every other table. The patterns
// are in strings_zh_cn_run_patterns.cpp; the same conventions hold there.
#include "i18n/text_patterns.h"

namespace cudalab::app::i18n {

namespace {

constexpr Translation run_words[] = {
    // runtime/src/gpu_backend.cpp: what a build without the CUDA toolkit, or one whose GPU backend is
    // hidden, says in place of a GPU
    {"the GPU backend is turned off here (CUDALAB_GPU_BACKEND=none)",
     "这里关闭了 GPU 后端（`CUDALAB_GPU_BACKEND=none`）"},
    {"GPU · CUDA events",
     "GPU · CUDA 事件"},
    {"CPU emulator · steady clock — not a GPU time",
     "CPU 模拟器 · 稳定时钟——不是 GPU 时间"},
    {"host · steady clock",
     "主机 · 稳定时钟"},
    {"GPU · CUDA events, median of several after a warm-up",
     "GPU · CUDA 事件，预热后多次的中位数"},
    {"Host memory: the computer's RAM.",
     "主机内存：计算机的 RAM。"},
    {"Host memory: the computer's RAM: by default kernels cannot read it, copies move data across (mapped pinned and managed memory are the exceptions).",
     "主机内存：计算机的 RAM：默认情况下核函数读不到它，数据靠拷贝搬过去（映射的锁页内存和托管内存是例外）。"},
    {"L1: L1 cache (the whole grid)",
     "L1：L1 缓存（整个网格）"},
    {"as much per thread as the compiler needs (step 5 asks it); it lives in global memory.",
     "每个线程按编译器的需要分配（第 5 步会问它）；它位于全局内存。"},
    {"the worker's stack in host memory.",
     "工作线程在主机内存里的栈。"},
    {"the CPU's own registers (the emulator compiles kernels for the CPU).",
     "CPU 自己的寄存器（模拟器把核函数编译成 CPU 代码）。"},
    {"copy_array kernel",
     "copy_array 核函数"},
    {"kernel attributes (registers, spills) exist only on a GPU",
     "核函数属性（寄存器、溢出）只在 GPU 上才有"},
    {"GPU timed with",
     "GPU 计时方式"},
    {"emulator timed with",
     "模拟器计时方式"},
    {"GPU kernel alone",
     "GPU 仅核函数"},
    {"emulator kernel alone",
     "模拟器仅核函数"},
    {"GPU, copies included",
     "GPU，含拷贝"},
    {"emulator, copies included",
     "模拟器，含拷贝"},
    {"CPU emulator, not a GPU time, ordinary host memory",
     "CPU 模拟器，不是 GPU 时间，普通主机内存"},
    {"CUDA events, ordinary host memory",
     "CUDA 事件，普通主机内存"},
    {"CUDA events, pinned host memory",
     "CUDA 事件，锁页主机内存"},
    {"CPU emulator, not a GPU time, pinned host memory",
     "CPU 模拟器，不是 GPU 时间，锁页主机内存"},
    {"column_from_x: kernel",
     "column_from_x：核函数"},
    {"row_from_x: kernel",
     "row_from_x：核函数"},
    {"naive: kernel",
     "朴素：核函数"},
    {"shared: kernel",
     "共享：核函数"},
    {"hardware counters belong to a GPU: the emulator has none, so only the trace's counts are shown",
     "硬件计数器属于 GPU：模拟器没有，所以只显示跟踪记录里的计数"},
    {"The chapter's kernels on the emulator (no check)",
     "本章的核函数在模拟器上（不检查）"},
    {"blocks per worker",
     "每个工作线程的线程块数"},
    {"blocks that fill every SM",
     "填满每个 SM 的线程块数"},
    {"blocks that fill every worker",
     "填满每个工作线程的线程块数"},
    {"every worker full",
     "每个工作线程都满了"},
    {"resident blocks per worker",
     "每个工作线程的驻留线程块"},
    {"slots (all SMs)",
     "槽位（所有 SM）"},
    {"slots (all workers)",
     "槽位（所有工作线程）"},
    {"SMs with work",
     "有工作的 SM"},
    {"workers with work",
     "有工作的工作线程"},
    {"CUDA driver version is insufficient for CUDA runtime version",
     "CUDA 驱动版本低于 CUDA 运行时版本"},
    {"at most 7 reads of A and of B per thread",
     "每个线程对 A 和 B 各最多读 7 次"},
};

}  // namespace

std::span<const Translation> zh_cn_run_words() { return run_words; }

}  // namespace cudalab::app::i18n
