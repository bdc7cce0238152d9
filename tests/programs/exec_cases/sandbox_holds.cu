// A hostile program, run with CUDALAB_UNSAFE_HOST_CALLS=1 so that the emulator lets its host calls
// through: the sandbox behind must still hold. It looks for the teacher's environment, the folder
// `cudalab exec` was started in, and a child process.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

int main() {
  const char* secret = std::getenv("CUDALAB_ATTACK_SECRET");
  std::printf("secret: %s\n", secret != nullptr ? secret : "(none)");
  // The sandbox's HOME is its private folder, the one TMPDIR names too: never the teacher's.
  const char* home = std::getenv("HOME");
  const char* tmp = std::getenv("TMPDIR");
  std::printf("home: %s\n", home != nullptr && tmp != nullptr && std::strcmp(home, tmp) == 0 ? "(private)" : home);
  FILE* readme = std::fopen(CUDALAB_ATTACK_FILE, "r");
  std::printf("project file: %s\n", readme != nullptr ? "opened" : "(refused)");
  const pid_t child = fork();
  if (child == 0) _exit(0);
  std::printf("fork: %s\n", child < 0 ? "(refused)" : "a child ran");
  return 0;
}
