// swift-tools-version:6.0
// A repository that keeps tracker datasets and gates them in CI with TrackerPort's plugin:
//   swift package validate-trackers
// It builds nothing of its own; depending on TrackerPort is what brings the plugin in.
import PackageDescription

let package = Package(
  name: "dataset-repo",
  dependencies: [
    // A real repository names a release: .package(url: "<TrackerPort's git URL>", from: "0.1.0").
    .package(path: "../.."),
  ],
  targets: []
)
