#include "exercises/checker.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "cudalab/jit.h"
#include "exercises/compile_submission.h"
#include "exercises/test_judge.h"
#include "exercises/host_check.h"
#include "exercises/race_report.h"
#include "exercises/speed_check.h"

namespace cudalab::lessons::exercises {
namespace {

// The probe's record, as probe.cuh lays it out (Probe and the fault slots).
struct ProbeRecord {
  void* reads;
  void* writes;
  void* writers;
  void* fault;
  unsigned int threads;
  void* shadow;  // the race detector's (emulator only, else null)
  void* race;
  void* trace;   // a speed exercise's traced test (emulator only, else null)
  void* trace_counts;
};
enum : unsigned {
  kFaultFlag,
  kFaultBuffer,
  kFaultWrite,
  kFaultRank,
  kFaultIndexLow,
  kFaultIndexHigh,
  kFaultShared,
  kFaultDims,
  kFaultName = kFaultDims + 4,
  kFaultSlots = kFaultName + 8
};
// A checked pointer argument (probe.cuh's Ptr<T>).
struct PtrArg {
  void* data;
  long long count;
  long long offset;
  void* probe;
  int buffer;
  int unused;
  long long writer_base;
};

template <class T>
std::vector<std::byte> bytes_of(const T& value) {
  std::vector<std::byte> out(sizeof(T));
  std::memcpy(out.data(), &value, sizeof(T));
  return out;
}

// "thread (3,0,0) of block (1,0,0)" for a rank (probe.cuh: block-major, x fastest).
Message thread_words(long long rank, const LaunchConfig& launch) {
  if (rank < 0) return message("no thread wrote it");
  const auto per_block = static_cast<long long>(launch.block.volume());
  const long long block = rank / per_block, thread = rank % per_block;
  const long long bx = launch.grid.x, by = launch.grid.y, tx = launch.block.x, ty = launch.block.y;
  return message("thread ({},{},{}) of block ({},{},{})", thread % tx, (thread / tx) % ty, thread / (tx * ty), block % bx,
                     (block / bx) % by, block / (bx * by));
}


// Everything one test allocates on the device; freed when it goes out of scope.
struct TestBuffers {
  std::vector<Buffer<std::byte>> args;
  Buffer<unsigned> reads, writes, fault;
  Buffer<int> writers;
  Buffer<ProbeRecord> probe;
  std::vector<long long> writer_base;
  Buffer<unsigned long long> shadow;  // the race detector's, on the emulator only
  Buffer<unsigned> race;
  Buffer<std::uint64_t> trace;  // a traced test's accesses (speed.h), on the emulator only
  Buffer<unsigned> trace_counts;
};

class TestRun : TestJudge {
 public:
  // `outputs` (optional) gets each output buffer as downloaded: the evidence the app confirms a
  // pass with (evidence.h).
  TestRun(const Exercise& exercise, const TestCase& test, Device& device, Verdict* verdict,
          std::map<std::string, std::string>* outputs = nullptr)
      : TestJudge(exercise, test, device, verdict, outputs) {}

  // On the emulator, records every access of the run and counts them into `counts` (speed.h).
  TestRun& traced_into(TraceCounts* counts) {
    traced_ = device_.is_gpu() ? nullptr : counts;
    return *this;
  }

  // False when the test failed (the verdict then says why).
  bool run(const JitKernel& kernel) {
    const std::size_t params = exercise_.params.size();
    if (test_.args.size() != params) return fail(VerdictKind::cannot_run, message("the exercise's test has the wrong number of arguments"));
    const auto threads = static_cast<std::size_t>(test_.launch.total_threads());
    std::size_t elements = 0;
    TestBuffers b;
    b.args.resize(params);
    b.writer_base.assign(params, 0);
    std::vector<std::vector<std::byte>> arg_bytes(params);
    if (Status s = allocate_probe(threads, &b, &elements); !s.ok()) return fail_status(s);
    for (std::size_t i = 0; i < params; ++i) {
      const ParamSpec& spec = exercise_.params[i];
      const ArgValue& value = test_.args[i];
      if (!spec.is_pointer()) {
        arg_bytes[i] = spec.is_float() ? bytes_of(static_cast<float>(value.scalar)) : bytes_of(static_cast<int>(value.scalar));
        continue;
      }
      const std::size_t bytes = value.size() * 4;
      const void* host = value.floats.empty() ? static_cast<const void*>(value.ints.data()) : value.floats.data();
      if (Status s = Buffer<std::byte>::from_host(device_, {static_cast<const std::byte*>(host), bytes}, &b.args[i]); !s.ok())
        return fail_status(s);
      arg_bytes[i] = bytes_of(PtrArg{b.args[i].data(), static_cast<long long>(value.size()), 0, b.probe.data(),
                                     static_cast<int>(i), 0, b.writer_base[i]});
    }
    const auto started = std::chrono::steady_clock::now();
    Status launched = launch_compiled(device_, kernel, test_.launch, arg_bytes);
    if (launched.ok()) launched = device_.synchronize();
    verdict_.run_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (!launched.ok()) return fail_status(launched);
    if (!judge(b, threads, elements)) return false;
    return traced_ == nullptr || count_traced(b);
  }

 private:
  Status allocate_probe(std::size_t threads, TestBuffers* b, std::size_t* elements) {
    const std::size_t params = exercise_.params.size();
    for (std::size_t i = 0; i < params; ++i) {
      b->writer_base[i] = static_cast<long long>(*elements);
      if (exercise_.params[i].is_pointer()) *elements += test_.args[i].size();
    }
    CUDALAB_RETURN_IF_ERROR(Buffer<unsigned>::create(device_, std::max<std::size_t>(1, params * threads), &b->reads));
    CUDALAB_RETURN_IF_ERROR(b->reads.zero());
    CUDALAB_RETURN_IF_ERROR(Buffer<unsigned>::create(device_, std::max<std::size_t>(1, params * threads), &b->writes));
    CUDALAB_RETURN_IF_ERROR(b->writes.zero());
    CUDALAB_RETURN_IF_ERROR(Buffer<unsigned>::create(device_, kFaultSlots, &b->fault));
    CUDALAB_RETURN_IF_ERROR(b->fault.zero());
    const std::vector<int> none(std::max<std::size_t>(1, *elements), -1);
    CUDALAB_RETURN_IF_ERROR(Buffer<int>::from_host(device_, none, &b->writers));
    if (!device_.is_gpu()) CUDALAB_RETURN_IF_ERROR(allocate_race_detector(*elements, b));
    if (traced_ != nullptr) {
      // probe.cuh's trace: [0] accesses noted, [1] room, then two words an access.
      const std::uint64_t header[2] = {0, kTraceCapacity};
      CUDALAB_RETURN_IF_ERROR(Buffer<std::uint64_t>::create(device_, 2 + 2 * kTraceCapacity, &b->trace));
      CUDALAB_RETURN_IF_ERROR(b->trace.upload(header));
      CUDALAB_RETURN_IF_ERROR(Buffer<unsigned>::create(device_, std::max<std::size_t>(1, threads), &b->trace_counts));
      CUDALAB_RETURN_IF_ERROR(b->trace_counts.zero());
    }
    const ProbeRecord record{b->reads.data(), b->writes.data(), b->writers.data(), b->fault.data(), static_cast<unsigned>(threads),
                             b->shadow.data(), b->race.data(), b->trace.data(), b->trace_counts.data()};
    return Buffer<ProbeRecord>::from_host(device_, std::span<const ProbeRecord>(&record, 1), &b->probe);
  }

  bool judge(TestBuffers& b, std::size_t threads, std::size_t elements) {
    std::vector<unsigned> fault(kFaultSlots);
    if (Status s = b.fault.download(fault); !s.ok()) return fail_status(s);
    const long long index = static_cast<long long>((static_cast<unsigned long long>(fault[kFaultIndexHigh]) << 32) | fault[kFaultIndexLow]);
    const Message who = thread_words(fault[kFaultRank], test_.launch);
    if (fault[kFaultFlag] != 0 && fault[kFaultShared] != 0) {
      const std::string name = shared_array_name(fault, kFaultName);
      const std::string element = shared_element_words(name, index, fault, kFaultDims);
      const std::string extents = name + shared_extents_words(fault, kFaultDims);
      if (fault[kFaultDims] == 1 && fault[kFaultDims + 1] == 0)  // extern __shared__: no bytes
        return fail(VerdictKind::out_of_bounds,
                    fault[kFaultWrite] != 0
                        ? message("{} wrote {}, but the launch gives the extern __shared__ array `{}` no memory", who,
                                  as_is(element), as_is(name))
                        : message("{} read {}, but the launch gives the extern __shared__ array `{}` no memory", who,
                                  as_is(element), as_is(name)),
                    message("An extern __shared__ array gets its size from the launch's third parameter, "
                            "`<<<grid, block, bytes>>>`, and this exercise's launch asks for none: declare the array "
                            "with a fixed size instead."));
      return fail(VerdictKind::out_of_bounds,
                  fault[kFaultWrite] != 0
                      ? message("{} wrote {}, outside the __shared__ array {}", who, as_is(element), as_is(extents))
                      : message("{} read {}, outside the __shared__ array {}", who, as_is(element), as_is(extents)),
                  message("The access was stopped by CUDA Lab's checks; on a real GPU it would read or overwrite another "
                          "variable in shared memory, or fault. What are the smallest and the largest index each thread uses?"));
    }
    if (fault[kFaultFlag] != 0) {
      const std::size_t param = std::min<std::size_t>(fault[kFaultBuffer], exercise_.params.size() - 1);
      const std::string& array = exercise_.params[param].name;
      const std::size_t size = test_.args[param].size();
      return fail(VerdictKind::out_of_bounds,
                  fault[kFaultWrite] != 0
                      ? message("{} wrote {}[{}], but {} has {} elements (indices 0 to {})", who, as_is(array), index,
                                as_is(array), size, size - 1)
                      : message("{} read {}[{}], but {} has {} elements (indices 0 to {})", who, as_is(array), index,
                                as_is(array), size, size - 1),
                  message("The access was stopped by CUDA Lab's checks; on a real GPU it would read or overwrite other data, "
                          "or fault. Is there a guard such as if (i < n), and does it use the right size?"));
    }
    if (!check_races(b)) return false;
    std::vector<int> writers(std::max<std::size_t>(1, elements));
    if (Status s = b.writers.download(writers); !s.ok()) return fail_status(s);
    for (std::size_t i = 0; i < exercise_.params.size(); ++i) {
      if (!test_.expected[i]) continue;
      if (!compare(i, b, writers)) return false;
    }
    return check_limits(b, threads);
  }

  bool compare(std::size_t param, TestBuffers& b, const std::vector<int>& writers) {
    const ParamSpec& spec = exercise_.params[param];
    const ArgValue& expected = *test_.expected[param];
    ArgValue got = expected;
    void* host = got.floats.empty() ? static_cast<void*>(got.ints.data()) : got.floats.data();
    if (Status s = b.args[param].download({static_cast<std::byte*>(host), got.size() * 4}); !s.ok()) return fail_status(s);
    if (outputs_ != nullptr) (*outputs_)[spec.name] = std::string(static_cast<const char*>(host), got.size() * 4);
    std::vector<std::uint8_t> cells(expected.size(), 0);
    std::size_t wrong_count = 0;
    std::vector<Message> lines;
    for (std::size_t e = 0; e < expected.size(); ++e) {
      if (outputs_match(element_of(expected, e), element_of(got, e), exercise_.tolerance, spec.is_float())) continue;
      const int writer = writers[static_cast<std::size_t>(b.writer_base[param]) + e];
      cells[e] = writer < 0 ? 2 : 1;
      if (wrong_count++ < 5) {
        const Message who = thread_words(writer, test_.launch);
        verdict_.wrong.push_back({spec.name, static_cast<long long>(e), element_of(expected, e), element_of(got, e), who.english()});
        lines.push_back(message("{}[{}] is {:g}, expected {:g} ({})", as_is(spec.name), e, element_of(got, e), element_of(expected, e), who));
      }
    }
    if (wrong_count == 0) return true;
    const int width = expected.width > 0 ? expected.width : static_cast<int>(std::min<std::size_t>(expected.size(), 64));
    verdict_.picture = CellPicture{spec.name, width, static_cast<int>((expected.size() + width - 1) / width), cells};
    lines.insert(lines.begin(), message("{} of {} elements of {} are wrong", wrong_count, expected.size(), as_is(spec.name)));
    return fail_lines(VerdictKind::wrong_result, lines);
  }

  // The emulator's race detector (race_shadow.cuh): three slots per element, and its record.
  Status allocate_race_detector(std::size_t elements, TestBuffers* b) {
    CUDALAB_RETURN_IF_ERROR(Buffer<unsigned long long>::create(device_, 3 * std::max<std::size_t>(1, elements), &b->shadow));
    CUDALAB_RETURN_IF_ERROR(b->shadow.zero());
    CUDALAB_RETURN_IF_ERROR(Buffer<unsigned>::create(device_, kRaceRecordSlots, &b->race));
    return b->race.zero();
  }

  // A data race fails the test even when the outputs came out right: that was the schedule's luck.
  bool check_races(TestBuffers& b) {
    if (b.race.size() == 0) return true;  // a GPU: not detected there
    std::vector<unsigned> record(kRaceRecordSlots);
    if (Status s = b.race.download(record); !s.ok()) return fail_status(s);
    if (record[kRaceRecordFlag] == 0) return true;
    return fail_lines(VerdictKind::data_race,
                      describe_race(record, exercise_, static_cast<long long>(test_.launch.block.volume()),
                                    [&](long long rank) { return thread_words(rank, test_.launch); }));
  }

  bool check_limits(TestBuffers& b, std::size_t threads) {
    const std::vector<AccessLimit>& limits = test_.limits ? *test_.limits : exercise_.limits;
    if (limits.empty()) return true;
    std::vector<unsigned> reads(b.reads.size()), writes(b.writes.size());
    if (Status s = b.reads.download(reads); !s.ok()) return fail_status(s);
    if (Status s = b.writes.download(writes); !s.ok()) return fail_status(s);
    for (const AccessLimit& limit : limits) {
      std::size_t param = 0;
      while (param < exercise_.params.size() && exercise_.params[param].name != limit.param) ++param;
      if (param == exercise_.params.size()) continue;
      const std::vector<unsigned>& counts = limit.reads ? reads : writes;
      for (std::size_t rank = 0; rank < threads; ++rank) {
        const unsigned count = counts[param * threads + rank];
        if (count <= limit.max_per_thread) continue;
        const Message who = thread_words(static_cast<long long>(rank), test_.launch);
        return fail(VerdictKind::too_many_accesses,
                    limit.reads ? message("{} read {} {} times; the limit is {}", who, as_is(limit.param), count, limit.max_per_thread)
                                : message("{} wrote {} {} times; the limit is {}", who, as_is(limit.param), count, limit.max_per_thread),
                    limit.said_why());
      }
    }
    return true;
  }

  bool count_traced(TestBuffers& b) {
    std::vector<std::uint64_t> entries(2);
    if (Status s = b.trace.download(entries); !s.ok()) return fail_status(s);
    entries.resize(2 + 2 * std::min<std::uint64_t>(entries[0], kTraceCapacity));  // only what was noted
    if (Status s = b.trace.download(entries); !s.ok()) return fail_status(s);
    *traced_ = count_trace(entries, static_cast<long long>(test_.launch.block.volume()), exercise_.params.size());
    return true;
  }

  TraceCounts* traced_ = nullptr;

  bool fail_status(const Status& status) {
    VerdictKind kind = VerdictKind::kernel_fault;
    if (status.code == StatusCode::divergent_barrier) kind = VerdictKind::divergent_barrier;
    if (status.code == StatusCode::timeout) kind = VerdictKind::timed_out;
    if (status.code == StatusCode::out_of_memory || status.code == StatusCode::invalid_config) kind = VerdictKind::cannot_run;
    return fail(kind, status.words_or_text(),
                status.device_was_reset ? message("The GPU was reset after the fault.") : Message{});
  }
};

}  // namespace

namespace {
// What the kernel printed across the tests, cut to what a pane can show.
void take_printed(Device& device, Verdict* verdict) {
  constexpr std::size_t kMaxPrinted = 16 * 1024;
  verdict->printed += device.take_printf_output();
  if (verdict->printed.size() > kMaxPrinted) {
    verdict->printed.resize(kMaxPrinted);
    verdict->printed += "\n… (more was printed)\n";
  }
}
}  // namespace

Verdict check_submission(const Exercise& exercise, std::string_view source, Device& device, CheckEvidence* evidence,
                         const std::function<void()>& before_run, const std::function<void(int)>& on_test) {
  if (exercise.kind == ExerciseKind::host) return check_host_submission(exercise, source, device, evidence, before_run, on_test);
  Verdict verdict;
  verdict.exercise = exercise.id;
  verdict.device = device.facts().name;
  std::unique_ptr<JitKernel> kernel;
  // The seal comes before anything of the submission's runs: on the emulator between the compiler
  // and loading the object (whose static constructors run then), on a GPU once NVRTC is done.
  bool sealed = false;
  const auto seal_once = [&] {
    if (!std::exchange(sealed, true) && before_run) before_run();
  };
  if (!compile_submission(exercise, source, device, &verdict, &kernel, seal_once)) return verdict;
  const bool speed = exercise.kind == ExerciseKind::speed;
  TimedKernels timed;
  if (speed && device.is_gpu() && !compile_for_timing(exercise, source, device, &timed, &verdict)) return verdict;
  seal_once();
  const std::vector<TestCase> tests = exercise.cases();
  verdict.tests_total = static_cast<int>(tests.size());
  const int traced = exercise.speed.traced_test < 0 ? verdict.tests_total - 1 : exercise.speed.traced_test;
  TraceCounts counts;
  for (const TestCase& test : tests) {
    if (on_test) on_test(verdict.tests_passed);
    std::map<std::string, std::string>* outputs = nullptr;
    if (evidence != nullptr) outputs = &evidence->tests.emplace_back();
    TestRun run(exercise, test, device, &verdict, outputs);
    if (speed && verdict.tests_passed == traced) run.traced_into(&counts);
    const bool passed = run.run(*kernel);
    take_printed(device, &verdict);
    if (!passed) {
      verdict.headline = failed_test_headline(verdict.kind, verdict.tests_passed, verdict.tests_total, test.name);
      return verdict;
    }
    ++verdict.tests_passed;
  }
  if (speed && !(device.is_gpu() ? judge_time(exercise, device, timed, &verdict)
                                 : judge_goals(exercise, tests[static_cast<std::size_t>(traced)], counts, &verdict)))
    return verdict;
  verdict.kind = VerdictKind::passed;
  verdict.headline = message("Passed all {} tests", verdict.tests_total);
  if (verdict.speed) verdict.details.push_back(speed_line(*verdict.speed));
  for (const TestCase& test : tests) verdict.details.push_back(message("✓ {}  {}", test.name, as_is(test.launch.str())));
  return verdict;
}

namespace {
constexpr std::string_view kCheckRunPrefix = "exercise:";
}  // namespace

std::string check_run_label(std::string_view exercise_id) { return std::string(kCheckRunPrefix) + std::string(exercise_id); }

std::string exercise_of_check_run(const Run& run) {
  return run.lesson.starts_with(kCheckRunPrefix) ? run.lesson.substr(kCheckRunPrefix.size()) : std::string();
}

Run check_as_run(const std::string& exercise_id, std::string_view source, Device* device, const CheckHooks& hooks,
                 VerdictKind* kind) {
  Run run;
  run.lesson = check_run_label(exercise_id);
  if (kind != nullptr) *kind = VerdictKind::cannot_run;
  const Exercise* exercise = find_exercise(exercise_id);
  if (exercise == nullptr) {
    run.status = Status::error(StatusCode::invalid_argument, "no exercise named " + exercise_id);
    return run;
  }
  if (device == nullptr) {
    run.status = Status::error(StatusCode::no_device, "no backend is open");
    return run;
  }
  // Host code is checked on the emulator whatever the backend: its runtime records every call
  // (host_check.h), which a GPU's does not.
  std::unique_ptr<Device> own_emulator;
  if (exercise->kind == ExerciseKind::host && device->is_gpu()) {
    if (Status s = open_device(BackendRequest::emulator, &own_emulator, 0, 0); !s.ok()) {
      run.status = s;
      return run;
    }
    device = own_emulator.get();
  }
  run.device = device->facts();
  CheckEvidence evidence;
  const Verdict verdict = check_submission(*exercise, source, *device, &evidence, hooks.before_run, hooks.on_test);
  if (kind != nullptr) *kind = verdict.kind;
  run.results["verdict"] = to_json(verdict);
  run.results["evidence"] = to_json(evidence);
  return run;
}

}  // namespace cudalab::lessons::exercises
