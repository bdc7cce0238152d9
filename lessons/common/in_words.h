#pragma once
// Sizes, times and rates as a student reads them. Chapters were written with slightly different
// formats and their tests (and screenshots) expect those exact strings, so each format keeps its
// own name here instead of one silently replacing another.
#include <string>

#include "cudalab/device_facts.h"

namespace cudalab::lessons {

// Sizes, binary units (as memory is allocated).
// Chapters 3-4: "512 bytes", "64 MiB", "1.5 GiB" (a whole number shows no decimals).
std::string bytes_in_words(double bytes);
// Chapter 0's device table: "512 bytes", "48.0 KiB", "79.6 GiB" (always one decimal).
std::string bytes_one_decimal(double bytes);
// Chapters 5-6: "512 bytes", "64 MiB", "1.5 GiB", "192 MiB" (three significant digits).
std::string bytes_three_digits(double bytes);

// Times.
// Chapters 1-2: "12.3 µs" below a millisecond, milliseconds with `ms_decimals` above
// (chapter 1 shows "2.013 ms", chapter 2 "2.01 ms").
std::string microseconds_in_words(double microseconds, int ms_decimals);
// Chapters 3-4: "12.3 µs", "4.567 ms", "1.234 s".
std::string milliseconds_in_words(double ms);
// Chapters 5-6: "12.3 µs", "4.57 ms", "1.23 s", "2 min 5 s" (three significant digits).
std::string milliseconds_three_digits(double ms);

// Rates.
// Chapters 3-4, bytes moved per second in decimal units as bandwidth is quoted:
// "850 MB/s", "812.4 GB/s", "3.62 TB/s".
std::string bandwidth_in_words(double gigabytes_per_second);
// GB/s for `bytes` in `ms` (0 when ms is not positive).
double gigabytes_per_second(double bytes, double ms);
// Chapters 5-6, floating-point operations per second: "0.47 GFLOP/s", "812 GFLOP/s", "8.12 TFLOP/s".
std::string flop_rate_in_words(double gflops);

// A device in a few words, in the language spoken (say.h): "NVIDIA H200 · sm_90 · real GPU", "CPU
// emulator · chosen by you · 2 workers" (why the emulator runs, from its facts).
std::string device_label(const DeviceFacts& facts);

}  // namespace cudalab::lessons
