#pragma once
// A student's `__shared__ T name[A][B];`, made observable for the race detector (emulator only;
// race_shadow.cuh includes it). compile_submission.cpp rewrites the declaration into
//   __shared__ CUDALAB_PROBE::Shared<T, CUDALAB_PROBE::Label{id, "name"}, (A), (B)> name;
// (CUDALAB_PROBE: probe.cuh; the submission's own text cannot name cudalab_probe)
// which holds exactly the array (same size and layout, so `sizeof` and pointer arithmetic on
// `&name[i][j]` keep their meaning) and indexes into proxies like Ptr<T>'s: tile[i][j] reads or
// writes the element and tells the detector; an index outside the whole array is a fault, as a
// parameter's is (an index past one extent but inside the array is C++'s flat layout: not checked).
// The shadow of each declared array is a separate per-worker (thread_local, as the emulator's
// shared memory is) table keyed by the Label, cleared when the worker starts another block.
//
// What a proxy cannot do well fails to compile, and the checker then compiles the file without
// the rewrite (unchecked, never a false "does not compile"): binding `auto&` to an element, a
// template deducing `float` from an element. Mutating operators work on the element expression
// only (&&), so `auto v = tile[i][j]; v += 1;` — a copy in CUDA — cannot write to the array here.

namespace cudalab_probe {

// Names an array in the type (a C++20 class template argument): which shadow, and what to call it.
// A scalar (`__shared__ float total;`) is wrapped as an array of one element, each use `total[0]`.
template <unsigned N>
struct Label {
  unsigned id;
  char text[N];
  bool scalar;
  constexpr Label(unsigned array_id, const char (&name)[N], bool is_scalar = false) : id(array_id), text{}, scalar(is_scalar) {
    for (unsigned k = 0; k < N; ++k) text[k] = name[k];
  }
};

template <class T, long long... Dims>
struct ArrayOf {
  using type = T;
};
template <class T, long long D, long long... Rest>
struct ArrayOf<T, D, Rest...> {
  using type = typename ArrayOf<T, Rest...>::type[D];
};

// Facts about one declared array, and its shadow.
template <class T, auto L, long long... Dims>
struct SharedInfo {
  static constexpr int rank = sizeof...(Dims);
  static constexpr long long dims[rank] = {Dims...};
  static constexpr long long total = (Dims * ...);
  // Elements one step of index `level` moves over.
  static constexpr long long stride(int level) {
    long long s = 1;
    for (int k = level + 1; k < rank; ++k) s *= dims[k];
    return s;
  }
  // What the detector's steps need to know of it (race_shadow.cuh).
  static constexpr race::SharedFacts facts{L.id, rank, L.scalar, total,
                                           {rank > 0 ? dims[0] : 0, rank > 1 ? dims[1] : 0, rank > 2 ? dims[2] : 0},
                                           L.text, sizeof(L.text)};
  // One thread_local (a kernel compiled at run time finds each through a __tls_get_addr call).
  struct Shadow {
    unsigned long long serial;  // the block run the slots are about
    unsigned long long slots[3 * total];
  };
  static inline thread_local Shadow state;
};

template <class T, class Info>
struct SharedRef {
  using ValueType = T;
  T* at;
  long long flat;
  unsigned line;

  // An access outside the array (sums[t - 1] for t = 0): recorded as the first fault of the launch,
  // and not performed.
  CUDALAB_PROBE_HOT bool inside(bool write) const {
    if (flat >= 0 && flat < Info::total) return true;
    race::shared_out_of_bounds(Info::facts, flat, write);
    return false;
  }
  CUDALAB_PROBE_HOT void touch(bool write) const {
    if (__atomic_load_n(&trace::entries, __ATOMIC_RELAXED) != nullptr)
      trace::note(trace::kSharedSpace + Info::facts.id, static_cast<unsigned long long>(flat) * sizeof(T), write);
    unsigned int* race = __atomic_load_n(&race::record, __ATOMIC_RELAXED);
    if (race == nullptr || race[kRaceFlag] != 0u) return;
    race::shared_access(race, Info::facts, &Info::state.serial, flat, line, write);
  }
  CUDALAB_PROBE_HOT operator T() const {
    if (!inside(false)) return T();
    touch(false);
    return *at;
  }
  CUDALAB_PROBE_HOT SharedRef operator=(T value) && {
    if (!inside(true)) return *this;
    touch(true);
    *at = value;
    return *this;
  }
  SharedRef operator=(const SharedRef& other) && { return static_cast<SharedRef&&>(*this) = static_cast<T>(other); }
  template <class V> SharedRef operator+=(const V& v) && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) + v); }
  template <class V> SharedRef operator-=(const V& v) && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) - v); }
  template <class V> SharedRef operator*=(const V& v) && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) * v); }
  template <class V> SharedRef operator/=(const V& v) && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) / v); }
  template <class V> SharedRef operator%=(const V& v) && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) % v); }
  template <class V> SharedRef operator&=(const V& v) && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) & v); }
  template <class V> SharedRef operator|=(const V& v) && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) | v); }
  template <class V> SharedRef operator^=(const V& v) && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) ^ v); }
  template <class V> SharedRef operator<<=(const V& v) && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) << v); }
  template <class V> SharedRef operator>>=(const V& v) && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) >> v); }
  SharedRef operator++() && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) + 1); }
  SharedRef operator--() && { return static_cast<SharedRef&&>(*this) = static_cast<T>(static_cast<T>(*this) - 1); }
  T operator++(int) && {
    const T old = static_cast<T>(*this);
    static_cast<SharedRef&&>(*this) = static_cast<T>(old + 1);
    return old;
  }
  T operator--(int) && {
    const T old = static_cast<T>(*this);
    static_cast<SharedRef&&>(*this) = static_cast<T>(old - 1);
    return old;
  }
  // &tile[i][j] (atomicAdd, a pointer kept for later): the plain address; what it does is unseen.
  T* operator&() const { return at; }
};

// tile[i] of a 2-D (or deeper) array, standing for the subarray `Sub` (T[B] here): indexes on, or
// decays to a pointer as that subarray does. Level 0 is the whole array.
template <class T, class Info, int Level, class Sub>
struct SharedRow {
  using Elem = std::remove_extent_t<Sub>;
  T* base;         // the array's first element
  long long flat;  // this row's first element

  CUDALAB_PROBE_HOT auto operator[](race::At at) const {
    const long long element = flat + at.index * Info::stride(Level);
    if constexpr (Level + 1 == Info::rank) {
      return SharedRef<T, Info>{base + element, element, at.line};
    } else {
      return SharedRow<T, Info, Level + 1, Elem>{base, element};
    }
  }
  Elem* row() const { return reinterpret_cast<Elem*>(base + flat); }
  template <class U, std::enable_if_t<std::is_same_v<std::remove_cv_t<U>, Elem>, int> = 0>
  operator U*() const { return row(); }
  Elem* operator+(long long k) const { return row() + k; }
};

template <class T, auto L, long long... Dims>
struct Shared {
  using Info = SharedInfo<T, L, Dims...>;
  using Array = typename ArrayOf<T, Dims...>::type;
  using Elem = std::remove_extent_t<Array>;
  Array data;  // the only member: the wrapper has the array's size and layout

  CUDALAB_PROBE_HOT auto operator[](race::At at) { return SharedRow<T, Info, 0, Array>{first(), 0}[at]; }
  CUDALAB_PROBE_HOT T* first() { return reinterpret_cast<T*>(&data); }
  template <class U, std::enable_if_t<std::is_same_v<std::remove_cv_t<U>, Elem>, int> = 0>
  operator U*() { return data; }
  Elem* operator+(long long k) { return data + k; }
};

}  // namespace cudalab_probe
