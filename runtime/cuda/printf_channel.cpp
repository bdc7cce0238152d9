#include "cuda/printf_channel.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <vector>

#include "cuda/cuda_check.h"

namespace cudalab::cuda {

namespace rec = printf_record;

Status PrintfChannel::create(std::size_t capacity_bytes) {
  release();
  capacity_bytes = rec::round_up8(capacity_bytes);
  void* memory = nullptr;
  CUDALAB_CUDA_TRY(cudaMalloc(&memory, sizeof(rec::ChannelHeader) + capacity_bytes));
  channel_ = static_cast<rec::ChannelHeader*>(memory);
  capacity_bytes_ = capacity_bytes;
  const rec::ChannelHeader empty{0, 0, capacity_bytes, 0};
  CUDALAB_CUDA_TRY(cudaMemcpy(channel_, &empty, sizeof empty, cudaMemcpyHostToDevice));
  return Status::success();
}

void PrintfChannel::forget() noexcept {
  channel_ = nullptr;
  capacity_bytes_ = 0;
  bound_slots_.clear();
}

void PrintfChannel::release() noexcept {
  if (channel_ != nullptr) (void)cudaFree(channel_);
  forget();
}

Status PrintfChannel::bind(const void* slot) {
  if (slot == nullptr || channel_ == nullptr || bound_slots_.contains(slot)) return Status::success();
  CUDALAB_CUDA_TRY(cudaMemcpyToSymbol(slot, &channel_, sizeof channel_, 0, cudaMemcpyHostToDevice));
  bound_slots_.insert(slot);
  return Status::success();
}

Status PrintfChannel::drain(std::string* out) {
  if (channel_ == nullptr) return Status::success();
  rec::ChannelHeader header{};
  CUDALAB_CUDA_TRY(cudaMemcpy(&header, channel_, sizeof header, cudaMemcpyDeviceToHost));
  if (header.reserved_bytes == 0 && header.dropped_records == 0) return Status::success();
  const std::size_t used = static_cast<std::size_t>(std::min<unsigned long long>(header.reserved_bytes, capacity_bytes_));
  std::vector<unsigned char> records(used);
  if (used > 0) CUDALAB_CUDA_TRY(cudaMemcpy(records.data(), channel_ + 1, used, cudaMemcpyDeviceToHost));
  // Empty it before decoding: the counters are all that needs resetting, old records are
  // overwritten by the next ones.
  const unsigned long long zeros[2] = {0, 0};
  CUDALAB_CUDA_TRY(cudaMemcpy(channel_, zeros, sizeof zeros, cudaMemcpyHostToDevice));
  rec::decode_records(records, header.dropped_records, capacity_bytes_, out);
  return Status::success();
}

}  // namespace cudalab::cuda
