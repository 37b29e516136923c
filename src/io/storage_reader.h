#pragma once
// Reading the storage kinds (PersistentVolumeClaim, PersistentVolume, StorageClass,
// CSINode, CSIDriver, CSIStorageCapacity, VolumeAttachment) and a pod's volumes.
#include <string>

#include "core/api.h"
#include "io/read_fields.h"

namespace spreadlab::io {

// Reads `item` into `out` when `kind` is a storage kind; false for any other kind.
bool ReadStorageItem(const std::string& kind, const read::json& item, const read::Path& path, Scenario& out);

// spec.volumes[i] of a Pod.
v1::Volume ReadVolume(const read::json& j, const read::Path& path);

}  // namespace spreadlab::io
