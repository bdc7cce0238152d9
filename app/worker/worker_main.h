#pragma once
// The worker process's side (`cudalab worker`, a hidden subcommand of the same executable: the
// worker needs every lesson and both backends, which is all of cudalab, so a sibling binary would
// only duplicate the link and the install). It owns the Device, runs steps as protocol.h
// describes, and when a kernel crashes it, says what happened on the channel before it dies.
namespace cudalab::app::worker {

// Serves requests on `channel_fd` until the app closes it. Returns the process exit code.
int run_worker(int channel_fd);

}  // namespace cudalab::app::worker
