// Every chapter, in teaching order. Adding a chapter = its folder + one line here (an explicit
// list: the order matters, and linkers drop self-registering statics from static libraries).
#include <cstdlib>

#include "lesson.h"

namespace cudalab::lessons {

std::unique_ptr<Lesson> make_machine_lesson();
std::unique_ptr<Lesson> make_hello_lesson();
std::unique_ptr<Lesson> make_threads_lesson();
std::unique_ptr<Lesson> make_memory_lesson();
std::unique_ptr<Lesson> make_round_trip_lesson();
std::unique_ptr<Lesson> make_matmul_lesson();
std::unique_ptr<Lesson> make_tiles_lesson();
std::unique_ptr<Lesson> make_warps_lesson();
std::unique_ptr<Lesson> make_launch_config_lesson();
std::unique_ptr<Lesson> make_six_rules_lesson();
std::unique_ptr<Lesson> make_ladder_lesson();
std::unique_ptr<Lesson> make_fault_drills_lesson();

std::vector<std::unique_ptr<Lesson>> make_lessons() {
  std::vector<std::unique_ptr<Lesson>> lessons;
  lessons.push_back(make_machine_lesson());
  lessons.push_back(make_hello_lesson());
  lessons.push_back(make_threads_lesson());
  lessons.push_back(make_memory_lesson());
  lessons.push_back(make_round_trip_lesson());
  lessons.push_back(make_matmul_lesson());
  lessons.push_back(make_tiles_lesson());
  lessons.push_back(make_warps_lesson());
  lessons.push_back(make_launch_config_lesson());
  lessons.push_back(make_six_rules_lesson());
  lessons.push_back(make_ladder_lesson());
  // Kernels that go wrong on purpose (99_fault_drills): for the tests and a teacher's demo only.
  if (const char* drills = std::getenv("CUDALAB_FAULT_DRILLS"); drills != nullptr && std::string(drills) == "1")
    lessons.push_back(make_fault_drills_lesson());
  return lessons;
}

}  // namespace cudalab::lessons
