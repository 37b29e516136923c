#pragma once
// The part of k8s.io/csi-translation-lib that NodeVolumeLimits calls (translate.go and
// plugins/*.go): which in-tree volume sources migrate to which CSI driver, and the volume
// handle a migrated volume gets. Only the drivers whose migration the plugin honours
// (isCSIMigrationOn: AWS EBS, GCE PD, Azure Disk, Cinder, Portworx) are translated; Azure
// File and vSphere are recognised as migratable but never reach a translation.
#include <optional>
#include <string>
#include <string_view>

#include "core/storage_api.h"

namespace spreadlab::plugins::csitranslation {

inline constexpr std::string_view kAWSEBSInTreePluginName = "kubernetes.io/aws-ebs";
inline constexpr std::string_view kAWSEBSDriverName = "ebs.csi.aws.com";
inline constexpr std::string_view kGCEPDInTreePluginName = "kubernetes.io/gce-pd";
inline constexpr std::string_view kGCEPDDriverName = "pd.csi.storage.gke.io";
inline constexpr std::string_view kAzureDiskInTreePluginName = "kubernetes.io/azure-disk";
inline constexpr std::string_view kCinderInTreePluginName = "kubernetes.io/cinder";
inline constexpr std::string_view kPortworxVolumePluginName = "kubernetes.io/portworx-volume";

// CSITranslator.IsInlineMigratable / IsPVMigratable (CanSupportInline / CanSupport).
bool IsMigratable(const v1::VolumeSource& source);
// CSITranslator.IsMigratableIntreePluginByName.
bool IsMigratableIntreePluginByName(std::string_view inTreePluginName);
// CSITranslator.GetInTreePluginNameFromSpec: "" when no plugin supports the source.
std::string InTreePluginName(const v1::VolumeSource& source);
// CSITranslator.GetCSINameFromInTreeName: "" when the name is not an in-tree plugin's.
std::string CSINameFromInTreeName(std::string_view inTreePluginName);

// The CSI source a translation gives, or the translation's error.
struct Translated {
  std::string driver, volumeHandle;
  std::optional<std::string> error;
};
// TranslateInTreeInlineVolumeToCSI.
Translated TranslateInlineVolume(const v1::Volume& volume);
// TranslateInTreePVToCSI (a GCE PD's handle names the zone or region of its labels).
Translated TranslatePersistentVolume(const v1::PersistentVolume& volume);

}  // namespace spreadlab::plugins::csitranslation
