// The GPU's counters through CUPTI's range profiler (CUDA 12.6+; cupti_range_profiler.h and
// cupti_profiler_host.h). libcupti is opened at run time like cuBLAS and NVRTC, and cuCtxGetCurrent
// is taken from the driver library the runtime has already loaded: nothing links either, so a
// machine without CUPTI runs everything else and says in words why the counters are missing.
//
// Auto ranges with kernel replay: each kernel launched by the work is a range, and CUPTI replays
// it as many passes as the metrics need, saving and restoring device memory in between, so the
// work runs once from the caller's point of view.
#include <cuda_runtime.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>

#include <cstdlib>
#include <mutex>

#include <fmt/format.h>

#include <dlfcn.h>

#include "cuda/cuda_check.h"
#include "cuda/cuda_device.h"
#include "cudalab/toolkit_library.h"
#include "cudalab/message_format.h"

namespace cudalab::cuda {
namespace {

// At most this many kernel launches are profiled in one read; more are dropped by CUPTI (and the
// read says so).
constexpr std::size_t kMaxLaunches = 64;

struct CuptiApi {
  decltype(&cuptiGetResultString) result_string = nullptr;
  decltype(&cuptiProfilerInitialize) initialize = nullptr;
  decltype(&cuptiDeviceGetChipName) chip_name = nullptr;
  decltype(&cuptiProfilerGetCounterAvailability) counter_availability = nullptr;
  decltype(&cuptiProfilerHostInitialize) host_initialize = nullptr;
  decltype(&cuptiProfilerHostDeinitialize) host_deinitialize = nullptr;
  decltype(&cuptiProfilerHostConfigAddMetrics) add_metrics = nullptr;
  decltype(&cuptiProfilerHostGetConfigImageSize) config_image_size = nullptr;
  decltype(&cuptiProfilerHostGetConfigImage) config_image = nullptr;
  decltype(&cuptiProfilerHostGetRangeName) range_name = nullptr;
  decltype(&cuptiProfilerHostEvaluateToGpuValues) evaluate = nullptr;
  decltype(&cuptiRangeProfilerEnable) enable = nullptr;
  decltype(&cuptiRangeProfilerDisable) disable = nullptr;
  decltype(&cuptiRangeProfilerGetCounterDataSize) counter_data_size = nullptr;
  decltype(&cuptiRangeProfilerCounterDataImageInitialize) counter_data_initialize = nullptr;
  decltype(&cuptiRangeProfilerSetConfig) set_config = nullptr;
  decltype(&cuptiRangeProfilerStart) start = nullptr;
  decltype(&cuptiRangeProfilerStop) stop = nullptr;
  decltype(&cuptiRangeProfilerDecodeData) decode = nullptr;
  decltype(&cuptiRangeProfilerGetCounterDataInfo) counter_data_info = nullptr;
  CUresult (*current_context)(CUcontext*) = nullptr;  // cuCtxGetCurrent, from libcuda
  Message why_not;                                    // empty when everything was found
};

const CuptiApi& cupti() {
  static const CuptiApi api = [] {
    CuptiApi loaded;
    const ToolkitLibrary library = open_toolkit_library({"libcupti.so.13", "libcupti.so"});
    if (library.handle == nullptr) {
      loaded.why_not = message(
          "CUPTI (libcupti.so.13, part of the CUDA toolkit) is not installed here, so the GPU's own "
          "counters cannot be read; looked for {}",
          as_is(library.tried));
      return loaded;
    }
    void* h = library.handle;
    const bool all =
        find_symbol(h, "cuptiGetResultString", &loaded.result_string) && find_symbol(h, "cuptiProfilerInitialize", &loaded.initialize) &&
        find_symbol(h, "cuptiDeviceGetChipName", &loaded.chip_name) &&
        find_symbol(h, "cuptiProfilerGetCounterAvailability", &loaded.counter_availability) &&
        find_symbol(h, "cuptiProfilerHostInitialize", &loaded.host_initialize) &&
        find_symbol(h, "cuptiProfilerHostDeinitialize", &loaded.host_deinitialize) &&
        find_symbol(h, "cuptiProfilerHostConfigAddMetrics", &loaded.add_metrics) &&
        find_symbol(h, "cuptiProfilerHostGetConfigImageSize", &loaded.config_image_size) &&
        find_symbol(h, "cuptiProfilerHostGetConfigImage", &loaded.config_image) &&
        find_symbol(h, "cuptiProfilerHostGetRangeName", &loaded.range_name) &&
        find_symbol(h, "cuptiProfilerHostEvaluateToGpuValues", &loaded.evaluate) &&
        find_symbol(h, "cuptiRangeProfilerEnable", &loaded.enable) && find_symbol(h, "cuptiRangeProfilerDisable", &loaded.disable) &&
        find_symbol(h, "cuptiRangeProfilerGetCounterDataSize", &loaded.counter_data_size) &&
        find_symbol(h, "cuptiRangeProfilerCounterDataImageInitialize", &loaded.counter_data_initialize) &&
        find_symbol(h, "cuptiRangeProfilerSetConfig", &loaded.set_config) && find_symbol(h, "cuptiRangeProfilerStart", &loaded.start) &&
        find_symbol(h, "cuptiRangeProfilerStop", &loaded.stop) && find_symbol(h, "cuptiRangeProfilerDecodeData", &loaded.decode) &&
        find_symbol(h, "cuptiRangeProfilerGetCounterDataInfo", &loaded.counter_data_info);
    if (!all) {
      loaded.why_not = message("the CUPTI found at {} has no range profiler (it came with CUDA 12.6): the GPU's own "
                               "counters cannot be read with it",
                               as_is(library.path));
      return loaded;
    }
    // The runtime has loaded the driver library already; RTLD_NOLOAD finds that copy.
    void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (driver == nullptr) driver = dlopen("libcuda.so.1", RTLD_NOW);
    if (driver == nullptr || !find_symbol(driver, "cuCtxGetCurrent", &loaded.current_context))
      loaded.why_not =
          message("the CUDA driver library (libcuda.so.1) could not be opened to find the GPU's context for CUPTI");
    return loaded;
  }();
  return api;
}

// CUPTI's words for a result, with what a student can do about the usual one.
Status cupti_failure(CUptiResult result, const char* call) {
  if (result == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
    return Status::error(StatusCode::unsupported,
                         message("this GPU's driver lets only administrators read its performance counters "
                                 "(NVreg_RestrictProfilingToAdminUsers=1), so only the trace's counts are shown; an "
                                 "administrator can allow it — see https://developer.nvidia.com/ERR_NVGPUCTRPERM"));
  const char* words = nullptr;
  if (cupti().result_string != nullptr) cupti().result_string(result, &words);
  return Status::error(StatusCode::unsupported,
                       words != nullptr
                           ? message("CUPTI could not read the GPU's counters: {} returned {} ({})", as_is(call),
                                     int(result), as_is(words))
                           : message("CUPTI could not read the GPU's counters: {} returned {} (no description)",
                                     as_is(call), int(result)));
}

#define CUDALAB_CUPTI_TRY(call)                                               \
  do {                                                                        \
    if (const CUptiResult result_ = (call); result_ != CUPTI_SUCCESS)         \
      return cupti_failure(result_, #call);                                   \
  } while (false)

// CUPTI's profiler is set up once per process.
Status initialize_once() {
  static std::once_flag once;
  static CUptiResult result = CUPTI_SUCCESS;
  std::call_once(once, [] {
    CUpti_Profiler_Initialize_Params params{CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
    result = cupti().initialize(&params);
  });
  if (result != CUPTI_SUCCESS) return cupti_failure(result, "cuptiProfilerInitialize");
  return Status::success();
}

// The host object (metric names → configuration, counter data → values), freed on every path.
struct HostObject {
  CUpti_Profiler_Host_Object* object = nullptr;
  HostObject() = default;
  HostObject(const HostObject&) = delete;
  HostObject& operator=(const HostObject&) = delete;
  ~HostObject() {
    if (object == nullptr) return;
    CUpti_Profiler_Host_Deinitialize_Params params{CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE};
    params.pHostObject = object;
    cupti().host_deinitialize(&params);
  }
};

// Range profiling on the context, switched off on every path (a later read enables it again).
struct RangeProfiler {
  CUpti_RangeProfiler_Object* object = nullptr;
  bool started = false;
  RangeProfiler() = default;
  RangeProfiler(const RangeProfiler&) = delete;
  RangeProfiler& operator=(const RangeProfiler&) = delete;
  ~RangeProfiler() {
    if (object == nullptr) return;
    if (started) {
      CUpti_RangeProfiler_Stop_Params stop{CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
      stop.pRangeProfilerObject = object;
      cupti().stop(&stop);
    }
    CUpti_RangeProfiler_Disable_Params params{CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE};
    params.pRangeProfilerObject = object;
    cupti().disable(&params);
  }
};

Status configuration_image(int device_index, CUcontext context, const std::vector<const char*>& metric_names, HostObject* host,
                           std::vector<std::uint8_t>* out) {
  CUpti_Device_GetChipName_Params chip{CUpti_Device_GetChipName_Params_STRUCT_SIZE};
  chip.deviceIndex = std::size_t(device_index);
  CUDALAB_CUPTI_TRY(cupti().chip_name(&chip));

  CUpti_Profiler_GetCounterAvailability_Params availability{CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE};
  availability.ctx = context;
  CUDALAB_CUPTI_TRY(cupti().counter_availability(&availability));
  std::vector<std::uint8_t> availability_image(availability.counterAvailabilityImageSize);
  availability.pCounterAvailabilityImage = availability_image.data();
  CUDALAB_CUPTI_TRY(cupti().counter_availability(&availability));

  CUpti_Profiler_Host_Initialize_Params init{CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE};
  init.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  init.pChipName = chip.pChipName;
  init.pCounterAvailabilityImage = availability_image.data();
  CUDALAB_CUPTI_TRY(cupti().host_initialize(&init));
  host->object = init.pHostObject;

  CUpti_Profiler_Host_ConfigAddMetrics_Params add{CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE};
  add.pHostObject = host->object;
  add.ppMetricNames = const_cast<const char**>(metric_names.data());
  add.numMetrics = metric_names.size();
  if (const CUptiResult result = cupti().add_metrics(&add); result != CUPTI_SUCCESS) {
    Status status = cupti_failure(result, "cuptiProfilerHostConfigAddMetrics");
    return Status::error(status.code,
                         message("{} — is every metric known to chip {}?", status.words_or_text(), as_is(chip.pChipName)));
  }
  CUpti_Profiler_Host_GetConfigImageSize_Params size{CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE};
  size.pHostObject = host->object;
  CUDALAB_CUPTI_TRY(cupti().config_image_size(&size));
  out->assign(size.configImageSize, 0);
  CUpti_Profiler_Host_GetConfigImage_Params image{CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE};
  image.pHostObject = host->object;
  image.pConfigImage = out->data();
  image.configImageSize = out->size();
  CUDALAB_CUPTI_TRY(cupti().config_image(&image));
  return Status::success();
}

Status counter_data_image(const RangeProfiler& profiler, const std::vector<const char*>& metric_names, std::vector<std::uint8_t>* out) {
  CUpti_RangeProfiler_GetCounterDataSize_Params size{CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE};
  size.pRangeProfilerObject = profiler.object;
  size.pMetricNames = const_cast<const char**>(metric_names.data());
  size.numMetrics = metric_names.size();
  size.maxNumOfRanges = kMaxLaunches;
  size.maxNumRangeTreeNodes = kMaxLaunches;
  CUDALAB_CUPTI_TRY(cupti().counter_data_size(&size));
  out->assign(size.counterDataSize, 0);
  CUpti_RangeProfiler_CounterDataImage_Initialize_Params init{CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE};
  init.pRangeProfilerObject = profiler.object;
  init.counterDataSize = out->size();
  init.pCounterData = out->data();
  CUDALAB_CUPTI_TRY(cupti().counter_data_initialize(&init));
  return Status::success();
}

Status evaluate_ranges(const HostObject& host, std::vector<std::uint8_t>& counter_data, const std::vector<std::string>& metrics,
                       const std::vector<const char*>& metric_names, HardwareCounters* out) {
  CUpti_RangeProfiler_GetCounterDataInfo_Params info{CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE};
  info.pCounterDataImage = counter_data.data();
  info.counterDataImageSize = counter_data.size();
  CUDALAB_CUPTI_TRY(cupti().counter_data_info(&info));
  for (std::size_t range = 0; range < info.numTotalRanges; ++range) {
    KernelCounters launch;
    CUpti_Profiler_Host_GetRangeName_Params name{CUpti_Profiler_Host_GetRangeName_Params_STRUCT_SIZE};
    name.pCounterDataImage = counter_data.data();
    name.counterDataImageSize = counter_data.size();
    name.rangeIndex = range;
    name.delimiter = "/";
    CUDALAB_CUPTI_TRY(cupti().range_name(&name));
    // CUPTI allocates the name and leaves it to the caller, without saying with which allocator:
    // a few bytes per launch are left rather than risk freeing them the wrong way.
    if (name.pRangeName != nullptr) launch.kernel = name.pRangeName;
    std::vector<double> values(metrics.size(), 0.0);
    CUpti_Profiler_Host_EvaluateToGpuValues_Params evaluate{CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE};
    evaluate.pHostObject = host.object;
    evaluate.pCounterDataImage = counter_data.data();
    evaluate.counterDataImageSize = counter_data.size();
    evaluate.rangeIndex = range;
    evaluate.ppMetricNames = const_cast<const char**>(metric_names.data());
    evaluate.numMetrics = metric_names.size();
    evaluate.pMetricValues = values.data();
    CUDALAB_CUPTI_TRY(cupti().evaluate(&evaluate));
    for (std::size_t m = 0; m < metrics.size(); ++m) launch.values[metrics[m]] = values[m];
    out->launches.push_back(std::move(launch));
  }
  return Status::success();
}

}  // namespace

Status CudaDevice::read_hardware_counters(const std::vector<std::string>& metrics, const std::function<Status()>& work,
                                          HardwareCounters* out) {
  *out = {};
  if (metrics.empty()) return Status::error(StatusCode::invalid_argument, message("no hardware counter was asked for"));
  if (!cupti().why_not.empty()) return Status::error(StatusCode::unsupported, cupti().why_not);
  CUDALAB_RETURN_IF_ERROR(usable());
  CUDALAB_RETURN_IF_ERROR(select());
  CUDALAB_CUDA_TRY(cudaFree(nullptr));  // makes the device's primary context current
  CUcontext context = nullptr;
  if (cupti().current_context(&context) != CUDA_SUCCESS || context == nullptr)
    return Status::error(StatusCode::unsupported,
                         message("CUPTI needs the GPU's context, and the driver did not give it"));
  CUDALAB_RETURN_IF_ERROR(initialize_once());

  std::vector<const char*> metric_names;
  for (const std::string& metric : metrics) metric_names.push_back(metric.c_str());
  HostObject host;
  std::vector<std::uint8_t> configuration;
  CUDALAB_RETURN_IF_ERROR(configuration_image(index_, context, metric_names, &host, &configuration));

  RangeProfiler profiler;
  CUpti_RangeProfiler_Enable_Params enable{CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE};
  enable.ctx = context;
  CUDALAB_CUPTI_TRY(cupti().enable(&enable));
  profiler.object = enable.pRangeProfilerObject;
  std::vector<std::uint8_t> counter_data;
  CUDALAB_RETURN_IF_ERROR(counter_data_image(profiler, metric_names, &counter_data));

  CUpti_RangeProfiler_SetConfig_Params config{CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE};
  config.pRangeProfilerObject = profiler.object;
  config.configSize = configuration.size();
  config.pConfig = configuration.data();
  config.counterDataImageSize = counter_data.size();
  config.pCounterDataImage = counter_data.data();
  config.range = CUPTI_AutoRange;
  config.replayMode = CUPTI_KernelReplay;
  config.maxRangesPerPass = kMaxLaunches;
  config.numNestingLevels = 1;
  config.minNestingLevel = 1;
  config.passIndex = 0;
  config.targetNestingLevel = 1;
  CUDALAB_CUPTI_TRY(cupti().set_config(&config));

  CUpti_RangeProfiler_Start_Params start{CUpti_RangeProfiler_Start_Params_STRUCT_SIZE};
  start.pRangeProfilerObject = profiler.object;
  CUDALAB_CUPTI_TRY(cupti().start(&start));
  profiler.started = true;
  std::vector<std::string> launched;
  profiled_launches_ = &launched;
  const Status worked = work();
  profiled_launches_ = nullptr;
  CUDALAB_RETURN_IF_ERROR(worked);
  CUDALAB_RETURN_IF_ERROR(synchronize());
  CUpti_RangeProfiler_Stop_Params stop{CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
  stop.pRangeProfilerObject = profiler.object;
  profiler.started = false;
  CUDALAB_CUPTI_TRY(cupti().stop(&stop));
  // Kernel replay runs every pass inside each launch; user replay would need the work again.
  if (!stop.isAllPassSubmitted)
    return Status::error(StatusCode::unsupported,
                         message("CUPTI needed the work replayed by hand to read these counters; ask for fewer"));
  CUpti_RangeProfiler_DecodeData_Params decode{CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE};
  decode.pRangeProfilerObject = profiler.object;
  CUDALAB_CUPTI_TRY(cupti().decode(&decode));
  CUDALAB_RETURN_IF_ERROR(evaluate_ranges(host, counter_data, metrics, metric_names, out));
  // Auto ranges are named by their number: range i is the i-th kernel launched.
  for (KernelCounters& launch : out->launches) {
    char* end = nullptr;
    const unsigned long index = std::strtoul(launch.kernel.c_str(), &end, 10);
    if (end != launch.kernel.c_str() && *end == '\0' && index < launched.size()) launch.kernel = launched[index];
  }
  if (decode.numOfRangeDropped > 0)
    return Status::error(StatusCode::unsupported,
                         message("CUPTI dropped {} of the launches (at most {} are read at once)",
                                 decode.numOfRangeDropped, kMaxLaunches));
  return Status::success();
}

}  // namespace cudalab::cuda
