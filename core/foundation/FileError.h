// A file that cannot be opened, read or written. The Python module raises it as the OSError of
// the subclass its errno gives (FileNotFoundError, PermissionError, ...), with the file's path as
// the exception's filename.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace multidyn {

class FileError : public std::runtime_error {
 public:
  FileError(const std::string& message, int errorNumber, std::string path)
      : std::runtime_error(message), errorNumber_(errorNumber), path_(std::move(path)) {}
  int ErrorNumber() const { return errorNumber_; }
  const std::string& Path() const { return path_; }

 private:
  int errorNumber_;
  std::string path_;
};

}  // namespace multidyn
