#include "io/list_items.h"

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "io/json_parse.h"

namespace spreadlab::io {

namespace {

using json = nlohmann::ordered_json;

// Depth 1 is the List object, depth 2 its "items" array. Every value below those is
// forwarded to a DomBuilder, which makes it an item (inside "items") or a member of `rest`.
class ItemSplitter final : public nlohmann::json_sax<json> {
 public:
  ItemSplitter(const ListItemFn& item, json& rest, size_t maxNesting)
      : item_(item), rest_(rest), maxNesting_(maxNesting) {}

  bool complete() const { return depth_ == 0 && itemsSeen_; }

  bool null() override {
    return Scalar([](DomBuilder& b) { return b.null(); });
  }
  bool boolean(bool v) override {
    return Scalar([v](DomBuilder& b) { return b.boolean(v); });
  }
  bool number_integer(number_integer_t v) override {
    return Scalar([v](DomBuilder& b) { return b.number_integer(v); });
  }
  bool number_unsigned(number_unsigned_t v) override {
    return Scalar([v](DomBuilder& b) { return b.number_unsigned(v); });
  }
  bool number_float(number_float_t v, const string_t& s) override {
    return Scalar([v, &s](DomBuilder& b) { return b.number_float(v, s); });
  }
  bool string(string_t& v) override {
    return Scalar([&v](DomBuilder& b) { return b.string(v); });
  }
  bool binary(binary_t&) override { return false; }  // not JSON text

  bool start_object(std::size_t n) override {
    if (depth_ == 0) {  // the List itself
      depth_ = 1;
      return true;
    }
    return Open([n](DomBuilder& b) { return b.start_object(n); });
  }
  bool end_object() override {
    if (builder_) return Closed(builder_->end_object());
    depth_ = 0;  // the List's end
    return true;
  }
  bool start_array(std::size_t n) override {
    if (depth_ == 0) return false;  // not an object
    if (!builder_ && depth_ == 1 && expectItems_) {
      expectItems_ = false;
      depth_ = 2;
      return true;
    }
    return Open([n](DomBuilder& b) { return b.start_array(n); });
  }
  bool end_array() override {
    if (builder_) return Closed(builder_->end_array());
    depth_ = 1;  // the end of "items"
    itemsSeen_ = true;
    return true;
  }
  bool key(string_t& k) override {
    if (builder_) return builder_->key(k);
    if (k == "items") {
      if (itemsSeen_) return false;  // given twice: the whole read says which one counts
      expectItems_ = true;
      return true;
    }
    key_ = k;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  // A value starts at the List's level (a member of `rest`) or in "items" (an item).
  bool Begin() {
    if (depth_ == 1 && !expectItems_) {
      builder_.emplace(Member(rest_, key_));
    } else if (depth_ == 2) {
      current_ = json();
      builder_.emplace(current_);
      inItem_ = true;
    } else {
      return false;  // "items" that is not an array, or a document that is not an object
    }
    return true;
  }
  template <class F>
  bool Scalar(F&& event) {
    if (depth_ == 0) return false;  // a document that is a bare value
    if (!builder_ && !Begin()) return false;
    return Closed(event(*builder_));
  }
  // An object or array below the List's level, as deep as it may go.
  template <class F>
  bool Open(F&& event) {
    if ((!builder_ && !Begin()) || depth_ + builder_->depth() + 1 > maxNesting_) return false;
    return event(*builder_);
  }
  // After a value's event: the value is whole once nothing in it is open.
  bool Closed(bool ok) { return builder_->depth() == 0 ? Done(ok) : ok; }
  bool Done(bool ok) {
    builder_.reset();
    if (!ok) return false;
    if (!inItem_) return true;
    inItem_ = false;
    return item_(current_, index_++);
  }

  const ListItemFn& item_;
  json& rest_;
  std::optional<DomBuilder> builder_;  // fed one item's (or member's) events at a time
  json current_;
  std::string key_;
  const size_t maxNesting_;
  // The List's own levels: 0 outside it, 1 in it, 2 in its items; below those the builder's depth counts.
  size_t depth_ = 0, index_ = 0;
  bool expectItems_ = false, itemsSeen_ = false, inItem_ = false;
};

}  // namespace

bool ReadListItems(std::string_view text, const ListItemFn& item, json& rest, size_t maxNesting) {
  rest = json::object();
  ItemSplitter splitter(item, rest, maxNesting);
  return SaxParseJson(text, splitter) && splitter.complete();
}

}  // namespace spreadlab::io
