#pragma once
// What a kernel compiled for the emulator may call outside itself. On a GPU a kernel calls only
// __device__ functions (and the few the device runtime offers: printf, malloc, memcpy, math);
// NVRTC refuses the rest. On the emulator the same file is host C++, so `write`, `fopen` or
// `system` would compile and run as whoever checks it. Before the compiled object is loaded, its
// dynamic symbol table says what it imports; anything outside the device's set is refused in words.
#include <string>
#include <vector>

#include "cudalab/message.h"

namespace cudalab::emu {

// The undefined dynamic symbols of an ELF64 shared object (what it imports), or an error in words.
bool imported_symbols(const std::string& shared_object, std::vector<std::string>* names, std::string* error);

// True for what device code may call on a GPU too, and what g++ adds on its own (the emulator's
// engine, thread-local storage, static guards, the C++ runtime's throw helpers).
bool allowed_import(const std::string& name);

// Empty when every import is allowed; otherwise why the kernel is refused, naming the first few
// functions (demangled).
Message refuse_host_imports(const std::vector<std::string>& names);

// A whole program (`cudalab exec`, a host-code exercise) may call more: the emulated CUDA runtime
// (cudalab/emu/runtime_engine.h), printing to stdout and stderr, the clocks, rand, exit, strings
// and streams of the C++ library. Files, processes, sockets and the environment stay out; the
// sandbox behind refuses them anyway, this says which call and why in words.
bool allowed_program_import(const std::string& name);
Message refuse_program_imports(const std::vector<std::string>& names);

// Empty when loading the object runs nothing of the file's own; otherwise why it is refused, in words.
// A kernel file holds device code only: a static constructor (a global initialised by a function
// call, an object with a constructor, __attribute__((constructor))) or destructor would run on the
// host when the object is loaded or the worker ends, outside any kernel and any test.
Message refuse_load_time_code(const std::string& shared_object);

}  // namespace cudalab::emu
