// Chapter 10, one step per rung: the rung's kernel (the shape the student picks, or the tuner's
// choice) timed at n against the rung before it and cuBLAS, each result checked against float64;
// its arithmetic intensity counted; and who computes which element of a block's tile, traced on
// the emulator (the TF32 rung: a model of its warp tiles).
#include <algorithm>

#include <fmt/format.h>

#include "ladder_steps.h"
#include "text/say.h"
#include "tuning.h"

namespace cudalab::lessons::ladder {
namespace {

struct RungStepText {
  Rung rung;
  const char* title;
  const char* kernel;  // as rung_*.cuh names it: the code pane highlights it
  const char* file;    // the rung's kernel file, shown in the code pane
  const char* shape = nullptr;  // the step's default instance (or kTunersChoice); null: the rung's first
};

// The last shape a step offers; before tuning, untuned_kernel's pick for this device (tuning.h).
constexpr const char* kTunersChoice = "the tuner's choice for this GPU";

constexpr RungStepText kRungSteps[] = {
    {Rung::tiling_1d, "Rung 1: a column of results per thread", "mat_mul_1d_tiling_kernel", "rung_1d_tiling.cuh"},
    {Rung::tiling_2d, "Rung 2: a block of results per thread", "mat_mul_2d_tiling_kernel", "rung_2d_tiling.cuh"},
    {Rung::vectorized, "Rung 3: 128-bit loads", "mat_mul_vectorized_kernel", "rung_vectorized.cuh"},
    {Rung::warp_tiling, "Rung 4: warp tiles", "mat_mul_warp_tiling_kernel", "rung_warp_tiling.cuh"},
    {Rung::double_buffer, "Rung 5: double buffering", "mat_mul_double_buffer_fragments_kernel",
     "rung_double_buffer_fragments.cuh", "dbfrag_128x128x8_w64x32_8x8_g8"},
    {Rung::tf32_wmma, "Rung 6: tensor cores in TF32", "mat_mul_tf32_wmma_kernel", "rung_tf32_wmma.cuh"},
    {Rung::tf32_mma, "Rung 7: tensor cores without WMMA", "mat_mul_tf32_mma_kernel", "rung_tf32_mma.cuh",
     kTunersChoice},
    {Rung::tf32_wgmma, "Rung 8: warp-group MMA fed by TMA", "mat_mul_tf32_wgmma_kernel", "rung_tf32_wgmma.cuh"},
};

// Each rung asks about what it changes (issue #30): after rung 1 the intensity stops explaining the
// climb. Every answer is counted from the instance's shape by the run (run_rung), not measured.
struct RungQuestion {
  Rung rung;
  const char* question;
  const char* unit;
  const char* answer_key;
};

constexpr RungQuestion kRungQuestions[] = {
    {Rung::tiling_1d,
     "How many floating-point operations does this shape do per byte it reads from global memory, at n = {n}?",
     "FLOP/B", "intensity"},
    {Rung::tiling_2d,
     "At each step along k, how many values does one thread read from shared memory to feed its block of "
     "results?",
     "values", "shared_reads_per_k"},
    {Rung::vectorized, "How many 128-bit (float4) loads from global memory does one thread issue per tile of A and B?",
     "loads", "float4_loads_per_tile"},
    {Rung::warp_tiling, "How many warps does one block of this shape have?", "warps", "warps_per_block"},
    {Rung::double_buffer, "How many tiles of A (and as many of B) does one block hold in shared memory at once?",
     "tiles", "tiles_in_shared"},
    {Rung::tf32_wmma, "How many multiply-adds does one wmma::mma_sync of a 16 × 16 × 8 TF32 fragment do?",
     "multiply-adds", "multiply_adds_per_mma"},
    {Rung::tf32_mma, "How many KiB of shared memory does one block of this shape ask for at launch?", "KiB",
     "shared_kib"},
    {Rung::tf32_wgmma, "How many sums does one thread of a consumer warp group keep in its registers with this shape?",
     "sums", "sums_per_thread"},
};

const RungQuestion& question_of(Rung rung) {
  for (const RungQuestion& question : kRungQuestions)
    if (question.rung == rung) return question;
  return kRungQuestions[0];
}

const RungStepText& text_of(Rung rung) {
  for (const RungStepText& text : kRungSteps)
    if (text.rung == rung) return text;
  return kRungSteps[0];
}

// "rung 2: 2D register tiling (…)", as the whole ladder names it, and "rung 2" for a chart.
Contender contender_of(Rung rung) {
  const auto number = std::find(std::begin(kRungs), std::end(kRungs), rung) - std::begin(kRungs) + 1;
  Contender contender;
  contender.name = say("rung {}: {}", number, rung_title(rung));
  contender.label = say("rung {}", number);
  return contender;
}

// The rung this one is measured against (rung 1: chapter 6's shared tiles; TF32: the best FP32 rung).
bool previous_rung(Rung rung, Rung* out) {
  for (std::size_t i = 1; i < std::size(kRungs); ++i)
    if (kRungs[i] == rung) {
      *out = rung == Rung::tf32_wmma ? Rung::double_buffer : kRungs[i - 1];
      return true;
    }
  return false;
}

// The shapes a step offers: the rung's compiled instances, then the tuner's choice.
std::vector<std::string> shape_choices(Rung rung) {
  std::vector<std::string> choices;
  for (const LadderKernel* kernel : kernels_of(rung)) choices.emplace_back(kernel->key);
  choices.emplace_back(kTunersChoice);
  return choices;
}

const LadderKernel* chosen_kernel(Rung rung, int shape, const LadderChoice& tuned) {
  const std::vector<const LadderKernel*> kernels = kernels_of(rung);
  if (shape >= 0 && shape < static_cast<int>(kernels.size())) return kernels[std::size_t(shape)];
  return tuned.of(rung);
}

// Block (0, 0)'s tile of the writers' picture, row-major, as thread numbers within the block.
nlohmann::json tile_of_block_zero(const Writers& writers, int rows, int cols) {
  nlohmann::json tile = nlohmann::json::array();
  for (int row = 0; row < rows; ++row)
    for (int col = 0; col < cols; ++col) {
      const Writers::Writer writer = writers.at(row, col);
      tile.push_back(writer.block_x == 0 && writer.block_y == 0 ? writer.thread : -1);
    }
  return tile;
}

}  // namespace

Step rung_step(Rung rung) {
  const RungStepText& text = text_of(rung);
  Param n{"n", "Matrix size n", Param::Kind::integer, 16, 4096, 256};
  n.log_scale = true;
  n.help = "Every contender multiplies two n × n matrices. The CPU emulator goes up to 512; a GPU up to 4096.";
  Param shape{"shape", "Tile shape", Param::Kind::choice, 0, 0, 0};
  shape.choices = shape_choices(rung);
  shape.max = double(shape.choices.size() - 1);
  if (text.shape != nullptr)
    for (std::size_t i = 0; i < shape.choices.size(); ++i)
      if (shape.choices[i] == text.shape) shape.default_value = double(i);
  shape.help = "The compiled instances of this rung's kernel (BM × BN × BK, then the per-thread or per-warp sizes), "
               "or the one `cudalab bench matmul --tune` chose on this GPU.";
  Param thread{"thread", "Thread to follow", Param::Kind::integer, 0, 1023, 0};
  thread.help = "The picture brightens what this thread of block (0, 0) computes, and its warp a little less.";
  Step step{text.title, {n, shape, thread}};
  step.time_limit_seconds = 180;
  step.kernels = {text.kernel};
  step.kernel_file = text.file;
  const RungQuestion& question = question_of(rung);
  step.prediction = Prediction{.question = question.question,
                               .kind = Prediction::Kind::number,
                               .unit = question.unit,
                               .answer_key = question.answer_key,
                               .tolerance = rung == Rung::tiling_1d ? 0.05 : 0};
  return step;
}

void run_rung(Rung rung, const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int n = static_cast<int>(values.at("n"));
  const LadderChoice tuned = load_ladder_choice(device, default_ladder_tuning_path());
  const LadderKernel& kernel = *chosen_kernel(rung, static_cast<int>(values.at("shape")), tuned);
  if (run->status = check_size(device, n); !run->status.ok()) return;
  nlohmann::json& r = run->results;
  r["rung"] = rung_key(rung);
  r["rung_title"] = rung_title(rung);
  r["kernel"] = kernel.key;
  r["shape_words"] = kernel.shape_in_words();
  r["tuning"] = tuned.source;
  r["bm"] = kernel.bm;
  r["bn"] = kernel.bn;
  r["bk"] = kernel.bk;
  r["n"] = n;
  r["threads_per_block"] = kernel.threads_per_block();
  r["intensity"] = arithmetic_intensity(kernel.bm, kernel.bn, kernel.bk, n);
  // The other rungs' questions (kRungQuestions), counted from the shape.
  const int threads = int(kernel.threads_per_block());
  r["shared_reads_per_k"] = kernel.tm + kernel.tn;  // a column of A's tile and a row of B's
  auto per_thread = [&](int float4s) { return (float4s + threads - 1) / threads; };
  r["float4_loads_per_tile"] = per_thread(kernel.bm * kernel.bk / 4) + per_thread(kernel.bk * kernel.bn / 4);
  r["warps_per_block"] = threads / 32;
  r["tiles_in_shared"] = kernel.stages;
  r["multiply_adds_per_mma"] = 16 * 16 * 8;  // TF32 WMMA has one fragment shape: m16n16k8
  r["shared_kib"] = double(kernel.dynamic_shared_bytes()) / 1024;
  r["sums_per_thread"] = kernel.wm * kernel.wn / 128;  // rung 8: a warp group's 64 × BN tile over its 128 threads
  r["shared_intensity"] = shared_intensity(kernel);
  r["followed_thread"] = std::min(static_cast<int>(values.at("thread")), int(kernel.threads_per_block()) - 1);

  // Who computes what: block (0, 0)'s tile of a 2 × 2-block product.
  // (A rung the emulator cannot run, the tensor cores', is drawn from the model of its warp tiles.)
  Writers writers;
  if (Status traced = trace_writers(kernel, 2 * kernel.bm, 2 * kernel.bn, 2 * kernel.bk, &writers);
      traced.code == StatusCode::unsupported) {
    writers = model_warp_tiles(kernel, 2 * kernel.bm, 2 * kernel.bn);
  } else if (!traced.ok()) {
    run->status = traced;
    return;
  }
  r["writers_traced"] = writers.traced;
  r["writers_tile"] = tile_of_block_zero(writers, kernel.bm, kernel.bn);
  control.progress = 0.1f;
  control.publish(*run);

  LadderBench bench;
  if (run->status = LadderBench::open(device, n, control, &bench); !run->status.ok()) return;
  r["checked_against"] = matmul::reference_in_words(bench.reference());
  r["clock"] = describe(bench.clock());
  Contender self = contender_of(rung);
  Contender before;
  if (Rung previous; previous_rung(rung, &previous)) {
    before = contender_of(previous);
    run->status = bench.measure_rung(*tuned.of(previous), &before);
  } else {
    before.name = "chapter 6: 32 × 32 shared tiles";
    before.label = "chapter 6";
    run->status = bench.measure_chapter6_tile(&before);
  }
  if (!run->status.ok()) return;
  control.progress = 0.4f;
  if (run->status = bench.measure_rung(kernel, &self); !run->status.ok()) return;
  control.progress = 0.7f;
  Contender cublas{"cuBLAS SGEMM"};
  if (run->status = bench.measure_cublas(false, &cublas); !run->status.ok()) return;
  r["contenders"] = nlohmann::json::array({before.to_json(), self.to_json(), cublas.to_json()});
  if (uses_tensor_cores(rung)) {
    Contender cublas_tf32{"cuBLAS TF32"};
    if (run->status = bench.measure_cublas(true, &cublas_tf32); !run->status.ok()) return;
    r["contenders"].push_back(cublas_tf32.to_json());
  }
  if (self.measured && !self.right)
    run->status = Status::error(StatusCode::internal, say("{} computed a wrong product: {}", kernel.key, self.note));
}

}  // namespace cudalab::lessons::ladder
