// Chapter 4, step 4: overlap. The work of step 3 split into chunks spread over streams: each chunk
// is copied in, computed and copied out on its own stream, so while one chunk computes another can
// be copying. Events recorded on each stream give every phase's real start and end; the same work
// on one stream in one piece is the baseline. On a device whose streams run in order (the
// emulator) the picture shows exactly that: no overlap.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "host_work.h"
#include "kernels.h"
#include "round_trip_steps.h"
#include "text/say.h"

namespace cudalab::lessons::round_trip {
namespace {

constexpr unsigned kThreadsPerBlock = 256;
constexpr std::size_t kMostChecked = 1 << 16;
enum Phase { kCopyIn = 0, kCompute = 1, kCopyOut = 2, kPhases = 3 };
constexpr std::array<const char*, kPhases> kPhaseNames = {"copy in", "evaluate_polynomial", "copy out"};

// One chunk's phases, in ms from the schedule's start event.
struct ChunkTimes {
  int stream = 0;
  std::size_t first = 0, count = 0;
  std::array<double, kPhases + 1> at_ms{};  // before copy in, after it, after the kernel, after copy out
};

// Enqueues every chunk of `x` → `y` on its stream and times each phase with events on that stream.
Status run_schedule(Device& device, std::span<const float> x, std::span<float> y, Buffer<float>& device_x,
                    Buffer<float>& device_y, int terms, int streams, int chunks, std::vector<ChunkTimes>* times) {
  const std::size_t n = x.size();
  const std::size_t chunk_size = (n + static_cast<std::size_t>(chunks) - 1) / static_cast<std::size_t>(chunks);
  std::vector<std::array<std::shared_ptr<Event>, kPhases + 1>> events;
  times->clear();
  auto start = device.record_event();  // on the default stream: the streams' work waits for it
  for (std::size_t first = 0; first < n; first += chunk_size) {
    ChunkTimes chunk;
    chunk.stream = 1 + static_cast<int>(times->size()) % streams;
    chunk.first = first;
    chunk.count = std::min(chunk_size, n - first);
    const std::size_t bytes = chunk.count * sizeof(float);
    const LaunchConfig config{Dim3(static_cast<unsigned>((chunk.count + kThreadsPerBlock - 1) / kThreadsPerBlock)),
                              Dim3(kThreadsPerBlock), 0, chunk.stream};
    std::array<std::shared_ptr<Event>, kPhases + 1> marks;
    marks[0] = device.record_event_on(chunk.stream);
    CUDALAB_RETURN_IF_ERROR(device.copy_to_device_async(device_x.data() + first, x.data() + first, bytes, chunk.stream));
    marks[1] = device.record_event_on(chunk.stream);
    CUDALAB_RETURN_IF_ERROR(launch(device, evaluate_polynomial, config, device_x.data() + first, device_y.data() + first,
                                   static_cast<int>(chunk.count), terms));
    marks[2] = device.record_event_on(chunk.stream);
    CUDALAB_RETURN_IF_ERROR(device.copy_to_host_async(y.data() + first, device_y.data() + first, bytes, chunk.stream));
    marks[3] = device.record_event_on(chunk.stream);
    events.push_back(marks);
    times->push_back(chunk);
  }
  CUDALAB_RETURN_IF_ERROR(device.synchronize());
  for (std::size_t c = 0; c < times->size(); ++c)
    for (int m = 0; m <= kPhases; ++m) (*times)[c].at_ms[m] = device.elapsed_ms(*start, *events[c][m]);
  return Status::success();
}

double total_ms(const std::vector<ChunkTimes>& times) {
  double end = 0;
  for (const auto& chunk : times) end = std::max(end, chunk.at_ms[kPhases]);
  return end;
}

// How many kinds of work (copying in, computing, copying out) ran at once, on average: the time
// covered by each kind's phases (overlaps within a kind merged, since a phase's events also
// include its wait for the copy engine or the SMs), summed, divided by the wall time. One means
// one thing at a time; up to three when copies in, kernels and copies out all overlap.
double overlap_factor(const std::vector<ChunkTimes>& times) {
  double covered = 0;
  for (int p = 0; p < kPhases; ++p) {
    std::vector<std::pair<double, double>> spans;
    for (const auto& chunk : times) spans.emplace_back(chunk.at_ms[p], chunk.at_ms[p + 1]);
    std::sort(spans.begin(), spans.end());
    double reached = 0;
    for (const auto& [from, to] : spans) {
      const double start = std::max(from, reached);
      if (to > start) covered += to - start;
      reached = std::max(reached, to);
    }
  }
  const double wall = total_ms(times);
  return wall > 0 ? covered / wall : 0;
}

nlohmann::json to_json(const std::vector<ChunkTimes>& times) {
  nlohmann::json chunks = nlohmann::json::array();
  for (const auto& c : times)
    chunks.push_back({{"stream", c.stream}, {"first", c.first}, {"count", c.count}, {"at_ms", c.at_ms}});
  return chunks;
}

TimelineView timeline_of(const nlohmann::json& chunks, const std::string& title, int streams) {
  TimelineView timeline;
  timeline.title = title;
  for (int s = 1; s <= streams; ++s) timeline.rows.push_back(say("stream {}", s));
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    const auto at = chunks[c].value("at_ms", std::vector<double>{});
    const int stream = chunks[c].value("stream", 1);
    if (at.size() != kPhases + 1) continue;
    for (int p = 0; p < kPhases; ++p)
      timeline.bars.push_back({stream - 1, at[p] * 1000, at[p + 1] * 1000, p,
                               chunks.size() > 1 ? say("{} {}", kPhaseNames[p], c) : word(kPhaseNames[p]),
                               say("chunk {} (elements {} to {}), stream {}: {} from {:.1f} to {:.1f} µs "
                                   "(between the events around it: waiting for a copy engine or the SMs "
                                   "counts too)",
                                   c,
                                   chunks[c].value("first", 0), chunks[c].value("first", 0) + chunks[c].value("count", 0) - 1,
                                   stream, kPhaseNames[p], at[p] * 1000, at[p + 1] * 1000)});
  }
  return timeline;
}

}  // namespace

Step overlap_step() {
  Param elements{"elements", "Elements (n)", Param::Kind::integer, 1 << 12, 1 << 26, 1 << 21};
  elements.log_scale = true;
  Param terms{"terms", "Work per element (polynomial terms)", Param::Kind::integer, 1, 4096, 64};
  terms.log_scale = true;
  terms.help = "Raise it until the kernel takes about as long as a copy: then all three can overlap.";
  Param streams{"streams", "Streams", Param::Kind::integer, 1, 8, 4};
  streams.help = "Chunk c goes to stream 1 + c % streams. Stream 0, the legacy default stream, is left out: it waits "
                 "for every other stream, and they wait for it.";
  Param chunks{"chunks", "Chunks", Param::Kind::integer, 1, 32, 8};
  chunks.help = "How many pieces the work is cut into.";
  Step step{"Overlap with streams", {elements, terms, streams, chunks}};
  step.kernels = {"evaluate_polynomial"};
  step.prediction = Prediction{
      .question = "{chunks} chunks over {streams} streams, against one stream in one piece: the whole job is…",
      .kind = Prediction::Kind::choice,
      .choices = {"Slower", "About as fast (within 10 %)", "Faster"},
      .answer_key = "overlapped_vs_serial"};
  return step;
}

void run_overlap(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const auto n = static_cast<std::size_t>(values.at("elements"));
  const int terms = static_cast<int>(values.at("terms"));
  const int streams = static_cast<int>(values.at("streams"));
  const int chunks = static_cast<int>(values.at("chunks"));
  run->results["elements"] = n;
  run->results["terms"] = terms;
  run->results["streams"] = streams;
  run->results["chunks"] = chunks;
  run->results["streams_overlap"] = device.streams_overlap();
  if (2 * n * sizeof(float) > device.free_memory()) {
    run->status = Status::error(StatusCode::out_of_memory,
                                say("this step needs two arrays of {} on the device and it has {} free",
                                    bytes_in_words(double(n * sizeof(float))), bytes_in_words(double(device.free_memory()))));
    return;
  }
  // Host side: pinned x and y, and the inputs.
  if (run->status = check_host_room(device, 3 * n * sizeof(float), 2 * n * sizeof(float)); !run->status.ok()) return;
  std::vector<ChunkTimes> serial, overlapped;
  // The CPU checks evenly spread elements, at most kMostChecked: at 16 Mi elements of 2048 terms a
  // full check would keep one core busy for most of a minute.
  const std::size_t check_stride = std::max<std::size_t>(1, n / kMostChecked);
  std::vector<float> sampled_inputs, expected, sampled_results;
  std::size_t wrong = 0;
  run->status = [&]() -> Status {
    // Asynchronous copies need page-locked host memory to run alongside anything.
    PinnedBuffer<float> x, y;
    CUDALAB_RETURN_IF_ERROR(PinnedBuffer<float>::create(device, n, &x));
    CUDALAB_RETURN_IF_ERROR(PinnedBuffer<float>::create(device, n, &y));
    const std::vector<float> inputs = polynomial_inputs(n, 31);
    std::copy(inputs.begin(), inputs.end(), x.data());
    for (std::size_t i = 0; i < n; i += check_stride) sampled_inputs.push_back(inputs[i]);
    expected.resize(sampled_inputs.size());
    sampled_results.resize(sampled_inputs.size());
    polynomial_on_cpu(sampled_inputs, expected, terms);
    Buffer<float> device_x, device_y;
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, n, &device_x));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, n, &device_y));
    // Each schedule runs a few times (the first is a warm-up); the run with the median total is kept.
    const int repeats = device.is_gpu() ? 5 : 1;
    const int schedules = 2 * (repeats + 1);
    int done = 0;
    for (const bool split : {false, true}) {
      std::vector<std::vector<ChunkTimes>> runs;
      for (int r = 0; r <= repeats; ++r) {
        if (control.cancel) return cancelled_status();
        std::fill(y.data(), y.data() + n, 0.0f);
        std::vector<ChunkTimes> times;
        CUDALAB_RETURN_IF_ERROR(run_schedule(device, x.span(), y.span(), device_x, device_y, terms, split ? streams : 1,
                                             split ? chunks : 1, &times));
        for (std::size_t k = 0; k < sampled_results.size(); ++k) sampled_results[k] = y.data()[k * check_stride];
        wrong += count_disagreements(sampled_results, expected);
        if (r > 0) runs.push_back(std::move(times));
        control.progress = static_cast<float>(++done) / static_cast<float>(schedules);
      }
      std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return total_ms(a) < total_ms(b); });
      (split ? overlapped : serial) = runs[runs.size() / 2];
    }
    return Status::success();
  }();
  if (!run->status.ok()) return;
  run->results["elements_wrong"] = wrong;
  run->results["elements_checked"] = expected.size();
  if (wrong) {
    run->status = Status::error(StatusCode::internal, say("{} results disagree with the CPU's", wrong));
    return;
  }
  run->results["serial"] = to_json(serial);
  run->results["overlapped"] = to_json(overlapped);
  run->results["serial_ms"] = total_ms(serial);
  run->results["overlapped_ms"] = total_ms(overlapped);
  run->results["overlap_factor"] = overlap_factor(overlapped);
  const double serial_ms = total_ms(serial), overlapped_ms = total_ms(overlapped);
  run->results["overlapped_vs_serial"] = overlapped_ms > 1.1 * serial_ms ? 0 : overlapped_ms < serial_ms / 1.1 ? 2 : 1;
  run->timings.push_back({"one stream, one piece", total_ms(serial), device.timing_source()});
  run->timings.push_back({say("{} chunks over {} streams", chunks, streams), total_ms(overlapped), device.timing_source()});
}

std::vector<View> overlap_views(const Run& run) {
  const int streams = run.results.value("streams", 1);
  const bool overlaps = run.results.value("streams_overlap", false);
  const std::string clock = run.device.is_gpu() ? "CUDA events" : "CPU emulator, not a GPU time";
  TimelineView split = timeline_of(run.results.value("overlapped", nlohmann::json::array()),
                                   say("{} chunks over {} streams ({})", run.results.value("chunks", 1), streams, clock),
                                   streams);
  TimelineView serial = timeline_of(run.results.value("serial", nlohmann::json::array()),
                                    say("The same work on one stream, in one piece ({})", clock), 1);
  const double serial_ms = run.results.value("serial_ms", 0.0), overlapped_ms = run.results.value("overlapped_ms", 0.0);
  split.markers = {{overlapped_ms * 1000, say("all chunks done: {}", milliseconds_in_words(overlapped_ms))}};
  serial.markers = {{serial_ms * 1000, say("done: {}", milliseconds_in_words(serial_ms))}};

  FactsView facts;
  facts.title = "What overlapping bought";
  facts.facts = {
      {"one stream, one piece", milliseconds_in_words(serial_ms)},
      {"chunks over streams", milliseconds_in_words(overlapped_ms)},
      {"speedup", overlapped_ms > 0 ? say("{:.2f}×", serial_ms / overlapped_ms) : "—"},
      {"kinds of work running at once, on average", say("{:.2f}", run.results.value("overlap_factor", 0.0))},
      {"results", run.results.value("elements_checked", std::size_t{0}) == run.results.value("elements", std::size_t{0})
                      ? std::string("every element checked against the CPU's, for both schedules")
                      : say("{} evenly spread elements checked against the CPU's, for both schedules",
                            run.results.value("elements_checked", std::size_t{0}))},
  };
  if (!overlaps)
    facts.facts.push_back({"on this device", "streams run in order, one after another (the emulator has one queue): "
                                             "nothing can overlap, so the chunks line up end to end"});
  return views_of(std::move(split), std::move(serial), std::move(facts));
}

}  // namespace cudalab::lessons::round_trip
