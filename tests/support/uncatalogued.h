#pragma once
// For the tests that prove a text is said by message: the ids of a message, and of the messages
// nested in its arguments, that have holes but no Chinese in the catalog (lessons/**/strings.zh-CN.po).
// Such a message would be said by the app's patterns for English from elsewhere, or stay English.
#include <string>
#include <vector>

#include "cudalab/message.h"
#include "text/catalog.h"
#include "text/catalog_index.h"

namespace cudalab::test {

inline void uncatalogued(const Message& said, std::vector<std::string>* missing) {
  if (!said.args.empty() && lessons::text::find_template(lessons::text::message_id(said.id)) == nullptr)
    missing->push_back(said.id);
  for (const Message::Argument& argument : said.args)
    for (const Message& nested : argument.nested) uncatalogued(nested, missing);
}

inline std::vector<std::string> uncatalogued(const Message& said) {
  std::vector<std::string> missing;
  uncatalogued(said, &missing);
  return missing;
}

}  // namespace cudalab::test
