// CudaDevice::encode_tensor_map: a CUtensorMap for the TMA rung of chapter 10. The encoder is a
// driver function (cuTensorMapEncodeTiled); the runtime hands out its address, so nothing here
// links libcuda, which may be missing on a machine without a driver (cuda_facts.cpp says why).
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime_api.h>

#include "cuda/cuda_check.h"
#include "cuda/cuda_device.h"
#include "cudalab/message_format.h"

namespace cudalab::cuda {
namespace {

Status find_encoder(PFN_cuTensorMapEncodeTiled_v12000* out) {
  static PFN_cuTensorMapEncodeTiled_v12000 encoder = nullptr;
  if (encoder == nullptr) {
    void* found = nullptr;
    cudaDriverEntryPointQueryResult result = cudaDriverEntryPointSymbolNotFound;
    CUDALAB_CUDA_TRY(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &found, 12000, cudaEnableDefault, &result));
    if (result != cudaDriverEntryPointSuccess || found == nullptr)
      return Status::error(StatusCode::unsupported,
                           "this NVIDIA driver has no cuTensorMapEncodeTiled: bulk tensor copies need CUDA 12 or newer");
    encoder = reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(found);
  }
  *out = encoder;
  return Status::success();
}

}  // namespace

Status CudaDevice::encode_tensor_map(const TensorMapRequest& request, TensorMap* out) {
  static_assert(sizeof(CUtensorMap) == sizeof(TensorMap) && alignof(CUtensorMap) <= alignof(TensorMap));
  if (facts().cc_major < 9)
    return Status::error(StatusCode::unsupported,
                         message("bulk tensor copies (TMA) need a GPU of compute capability 9.0 or newer; this GPU "
                                 "has {}.{}",
                                 facts().cc_major, facts().cc_minor));
  if (request.cols % 4 != 0 || reinterpret_cast<std::uintptr_t>(request.base) % 16 != 0 || request.box_cols * 4 > 128 ||
      request.box_rows == 0 || request.box_rows > 256)
    return Status::error(StatusCode::invalid_argument,
                         message("a tensor map needs 16-byte aligned rows (columns a multiple of 4; got {}) and a box "
                                 "of at most 256 rows of at most 32 floats (got {} × {})",
                                 request.cols, request.box_rows, request.box_cols));
  CUDALAB_RETURN_IF_ERROR(usable());
  CUDALAB_RETURN_IF_ERROR(select());
  PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;
  CUDALAB_RETURN_IF_ERROR(find_encoder(&encode));
  const cuuint64_t dims[2] = {request.cols, request.rows};  // innermost first
  const cuuint64_t row_bytes[1] = {request.cols * sizeof(float)};
  const cuuint32_t box[2] = {request.box_cols, request.box_rows};
  const cuuint32_t element_strides[2] = {1, 1};
  const CUresult result =
      encode(reinterpret_cast<CUtensorMap*>(out), CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, const_cast<float*>(request.base),
             dims, row_bytes, box, element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
             CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (result != CUDA_SUCCESS)
    return Status::error(StatusCode::invalid_argument,
                         message("the driver refused the tensor map (cuTensorMapEncodeTiled returned {}) for a {} × {} "
                                 "matrix in boxes of {} × {}",
                                 static_cast<int>(result), request.rows, request.cols, request.box_rows,
                                 request.box_cols));
  return Status::success();
}

}  // namespace cudalab::cuda
