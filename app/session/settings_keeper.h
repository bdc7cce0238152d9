#pragma once
// What the student changed that is worth remembering, on its way to settings.json: marked when it
// changes (a step, the theme, a splitter, the window's size), then handed to the store once a
// frame as a whole snapshot of the window's state. SettingsStore writes it a moment later.
#include <string>
#include <utility>

#include "settings/settings_store.h"

namespace cudalab::app {

class SettingsKeeper {
 public:
  explicit SettingsKeeper(SettingsStore* store) : store_(store) {}

  // What was loaded at start, with the changes recorded since.
  const Settings& saved() const { return store_->current(); }
  void changed() { changed_ = true; }
  // When something changed since the last flush: records `snapshot()`, the whole state, at `now`.
  template <typename Snapshot>
  void flush(Snapshot&& snapshot, double now) {
    if (!changed_) return;
    changed_ = false;
    store_->record(std::forward<Snapshot>(snapshot)(), now);
  }
  // Writes a change once it is old enough: "" or what went wrong.
  std::string save_if_due(double now) { return store_->save_if_due(now); }

 private:
  SettingsStore* store_;
  bool changed_ = false;
};

}  // namespace cudalab::app
