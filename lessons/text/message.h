#pragma once
// A Message (cudalab/message.h) said in the language of the moment: the catalog's Chinese template
// (say.h) filled with the message's arguments, or its English. A lookup and a format; finished text
// is never parsed back. Messages are made anywhere (message(), cudalab/message_format.h) and said
// where they are shown: a verdict made in the sandboxed worker, a Status made in the emulator, a
// label a Run carries.
//
//   verdict.headline = message("Passed all {} tests", n);
//   banner(said(verdict.headline));
//   message("{} read {}", thread_words(rank), as_is(element));  // a Message argument: said whole
#include <string>

#include <nlohmann/json.hpp>

#include "cudalab/message.h"
#include "cudalab/message_format.h"
#include "cudalab/status.h"

namespace cudalab::lessons {

using cudalab::as_is;
using cudalab::AsIs;
using cudalab::message;
using cudalab::Message;

// In speaking() (say.h). A message the catalog lacks (English from elsewhere: a compiler's, an
// older file's) is shown by the app's tables when it has them, else as it came.
std::string said(const Message& message);

}  // namespace cudalab::lessons
