// FlatMap: a map kept as a vector of (key, value) sorted by key, with
// std::map's interface as the State and its readers use it. The State holds
// a session's results and slots in these (issue #19): they are the bulk of
// a replayed State, and a std::map node costs 32 bytes and a heap chunk
// more than the item (a result 56 bytes here, 96 in a map; a slot 24, 64).
//
// Differences from std::map a caller must know: inserting or erasing moves
// the items after it, so iterators and pointers into it last only until
// the next insertion or erasure (the fold changes a State no reader holds;
// readers take pointers into a published State, which nothing changes);
// an insertion in the middle costs a move of the items after it. Its
// capacity is kept on copy, so a copy of a session in play does not grow
// again at its next result. Value type; thread-compatible.

#ifndef TALLY_REPLAY_STATE_FLAT_MAP_H_
#define TALLY_REPLAY_STATE_FLAT_MAP_H_

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

namespace tally::replay {

template <typename Key, typename Value>
class FlatMap {
 public:
  using key_type = Key;
  using mapped_type = Value;
  using value_type = std::pair<Key, Value>;
  using iterator = typename std::vector<value_type>::iterator;
  using const_iterator = typename std::vector<value_type>::const_iterator;

  FlatMap() = default;
  FlatMap(const FlatMap& other) { *this = other; }
  FlatMap& operator=(const FlatMap& other) {
    if (this != &other) {
      items_.clear();
      items_.reserve(other.items_.capacity());
      items_.insert(items_.end(), other.items_.begin(), other.items_.end());
    }
    return *this;
  }
  FlatMap(FlatMap&&) noexcept = default;
  FlatMap& operator=(FlatMap&&) noexcept = default;

  // The map of `items`, which must be sorted by key with no key twice.
  static FlatMap FromSorted(std::vector<value_type> items) {
    FlatMap out;
    out.items_ = std::move(items);
    return out;
  }

  iterator begin() { return items_.begin(); }
  iterator end() { return items_.end(); }
  const_iterator begin() const { return items_.begin(); }
  const_iterator end() const { return items_.end(); }
  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  size_t capacity() const { return items_.capacity(); }
  void reserve(size_t n) { items_.reserve(n); }
  void clear() { items_.clear(); }

  iterator lower_bound(const Key& key) {
    return std::lower_bound(items_.begin(), items_.end(), key, KeyLess());
  }
  const_iterator lower_bound(const Key& key) const {
    return std::lower_bound(items_.begin(), items_.end(), key, KeyLess());
  }
  iterator find(const Key& key) {
    iterator it = lower_bound(key);
    return it != items_.end() && it->first == key ? it : items_.end();
  }
  const_iterator find(const Key& key) const {
    const_iterator it = lower_bound(key);
    return it != items_.end() && it->first == key ? it : items_.end();
  }
  bool contains(const Key& key) const { return find(key) != items_.end(); }

  Value& at(const Key& key) {
    iterator it = find(key);
    if (it == items_.end()) throw std::out_of_range("FlatMap::at");
    return it->second;
  }
  const Value& at(const Key& key) const {
    const_iterator it = find(key);
    if (it == items_.end()) throw std::out_of_range("FlatMap::at");
    return it->second;
  }
  Value& operator[](const Key& key) { return try_emplace(key).first->second; }

  // As std::map::try_emplace: inserts Value(args...) unless `key` is there.
  template <typename... Args>
  std::pair<iterator, bool> try_emplace(const Key& key, Args&&... args) {
    iterator it = lower_bound(key);
    if (it != items_.end() && it->first == key) return {it, false};
    it =
        items_.emplace(it, std::piecewise_construct, std::forward_as_tuple(key),
                       std::forward_as_tuple(std::forward<Args>(args)...));
    return {it, true};
  }
  // As std::map::emplace_hint for a caller inserting in key order (the
  // snapshot's decoding): constant time at the end, else as try_emplace.
  template <typename... Args>
  iterator emplace_hint(const_iterator /*hint*/, const Key& key,
                        Args&&... args) {
    if (items_.empty() || items_.back().first < key) {
      items_.emplace_back(std::piecewise_construct, std::forward_as_tuple(key),
                          std::forward_as_tuple(std::forward<Args>(args)...));
      return items_.end() - 1;
    }
    return try_emplace(key, std::forward<Args>(args)...).first;
  }

  iterator erase(const_iterator it) { return items_.erase(it); }
  size_t erase(const Key& key) {
    const_iterator it = find(key);
    if (it == items_.end()) return 0;
    items_.erase(it);
    return 1;
  }

 private:
  struct KeyLess {
    bool operator()(const value_type& item, const Key& key) const {
      return item.first < key;
    }
  };

  std::vector<value_type> items_;  // sorted by key, keys unique
};

}  // namespace tally::replay

#endif  // TALLY_REPLAY_STATE_FLAT_MAP_H_
