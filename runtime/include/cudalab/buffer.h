#pragma once
// Typed device memory owned RAII-style, on either backend. Sizes are checked against the device's
// free memory before allocating, so "too big" is a message, not a crash.
#include <cstddef>
#include <span>
#include <utility>

#include "cudalab/device.h"

namespace cudalab {

template <class T>
class Buffer {
 public:
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  Buffer(Buffer&& other) noexcept { swap(other); }
  Buffer& operator=(Buffer&& other) noexcept {
    Buffer tmp(std::move(other));
    swap(tmp);
    return *this;
  }
  ~Buffer() { reset(); }

  // Allocates `count` elements on `device` (contents undefined).
  static Status create(Device& device, std::size_t count, Buffer* out) {
    Buffer b;
    b.device_ = &device;
    b.count_ = count;
    b.generation_ = device.generation();
    void* p = nullptr;
    if (count > 0) CUDALAB_RETURN_IF_ERROR(device.allocate(count * sizeof(T), &p));
    b.ptr_ = static_cast<T*>(p);
    *out = std::move(b);
    return Status::success();
  }
  // Allocates and uploads `host`.
  static Status from_host(Device& device, std::span<const T> host, Buffer* out) {
    CUDALAB_RETURN_IF_ERROR(create(device, host.size(), out));
    return out->upload(host);
  }

  Status upload(std::span<const T> host) {
    if (host.size() > count_) return Status::error(StatusCode::invalid_argument, "upload larger than the buffer");
    return host.empty() ? Status::success() : device_->copy_to_device(ptr_, host.data(), host.size_bytes());
  }
  Status download(std::span<T> host) const {
    if (host.size() > count_) return Status::error(StatusCode::invalid_argument, "download larger than the buffer");
    return host.empty() ? Status::success() : device_->copy_to_host(host.data(), ptr_, host.size_bytes());
  }
  Status zero() { return count_ ? device_->fill_zero(ptr_, bytes()) : Status::success(); }

  T* data() const { return ptr_; }  // a device address: pass it to kernels only
  std::size_t size() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(T); }

  void reset() noexcept {
    // After a device reset the memory is gone with the old context: nothing to free.
    if (ptr_ && device_ && device_->generation() == generation_) device_->release(ptr_);
    ptr_ = nullptr;
    count_ = 0;
  }

 private:
  void swap(Buffer& o) noexcept {
    std::swap(device_, o.device_);
    std::swap(ptr_, o.ptr_);
    std::swap(count_, o.count_);
    std::swap(generation_, o.generation_);
  }
  Device* device_ = nullptr;
  T* ptr_ = nullptr;
  std::size_t count_ = 0;
  std::uint64_t generation_ = 0;
};

// Page-locked host memory (cudaHostAlloc on a GPU; ordinary memory on the emulator).
template <class T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  PinnedBuffer(PinnedBuffer&& o) noexcept
      : device_(std::exchange(o.device_, nullptr)),
        ptr_(std::exchange(o.ptr_, nullptr)),
        count_(std::exchange(o.count_, 0)),
        generation_(o.generation_) {}
  ~PinnedBuffer() { release(); }
  static Status create(Device& device, std::size_t count, PinnedBuffer* out) {
    void* p = nullptr;
    CUDALAB_RETURN_IF_ERROR(device.allocate_pinned(count * sizeof(T), &p));
    PinnedBuffer b;
    b.device_ = &device;
    b.ptr_ = static_cast<T*>(p);
    b.count_ = count;
    b.generation_ = device.generation();
    *out = std::move(b);
    return Status::success();
  }
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    if (this != &o) {
      release();
      device_ = std::exchange(o.device_, nullptr);
      ptr_ = std::exchange(o.ptr_, nullptr);
      count_ = std::exchange(o.count_, 0);
      generation_ = o.generation_;
    }
    return *this;
  }
  std::span<T> span() const { return {ptr_, count_}; }
  T* data() const { return ptr_; }
  std::size_t size() const { return count_; }

 private:
  // Like Buffer: after a device reset the pinned memory went with the context; freeing it again
  // would hand the driver a pointer it no longer knows.
  void release() {
    if (ptr_ && device_ && device_->generation() == generation_) device_->release_pinned(ptr_);
    ptr_ = nullptr;
  }
  Device* device_ = nullptr;
  T* ptr_ = nullptr;
  std::size_t count_ = 0;
  std::uint64_t generation_ = 0;
};

}  // namespace cudalab
