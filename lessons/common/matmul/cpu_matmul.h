#pragma once
// The CPU's two ways of computing C = A × B (n × n floats, row by row), as the tutorial has them:
// cpu_mat_mul, the plain triple loop, and cpu_mat_mul_optimized, what a compiler and a little care
// make of the same arithmetic. Plus the float64 answer every result is checked against.
#include <functional>
#include <vector>

namespace cudalab::lessons::matmul {

// The triple loop, exactly as a first program writes it: for every element of C, a dot product of
// a row of A and a column of B. The column walk jumps n floats at every step: the cache hates it.
void cpu_mat_mul(const float* a, const float* b, float* c, int n);
// The same loop for rows [row_begin, row_end) of C only, so a long run can report progress and
// stop between bands of rows.
void cpu_mat_mul_rows(const float* a, const float* b, float* c, int n, int row_begin, int row_end);
// The very same loop compiled without optimization (-O0): what compiling buys, measured.
void cpu_mat_mul_rows_unoptimized(const float* a, const float* b, float* c, int n, int row_begin, int row_end);

// The same arithmetic, rearranged for the machine: the loops in i-k-j order (the innermost loop
// walks a row of B and a row of C, one float after the next, which the compiler turns into vector
// instructions), blocked so the piece of B in use stays in the cache, and the rows of C split
// over every core. `threads` 0 = one per core.
void cpu_mat_mul_optimized(const float* a, const float* b, float* c, int n, int threads = 0);
// How many threads cpu_mat_mul_optimized uses when asked for 0 (the cores of this machine).
int cpu_cores();

// C in float64 for the listed rows of C (row after row: rows.size() × n values), summing in
// float64 so its rounding error is far below float's; spread over every core. `keep_going` is
// asked between bands of rows; when it says no, the work stops early and returns false.
bool reference_mat_mul_rows(const float* a, const float* b, int n, const std::vector<int>& rows, double* c,
                            const std::function<bool()>& keep_going = {});

// Runs body(begin, end) over [0, count) cut into one contiguous band per thread.
void parallel_bands(int count, int threads, const std::function<void(int begin, int end)>& body);

}  // namespace cudalab::lessons::matmul
