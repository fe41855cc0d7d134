import ArgumentParser
import CalendarSync
import Foundation
import TrackerHub
import TrackerPort
import WebDAV

/// A hub's CalDAV outputs (`[[output]] url = ...`): pushed as `trackport calendar push` pushes,
/// with the same credentials (`options = { user = "...", password-file = "..." }`, a netrc file,
/// or TRACKPORT_CALDAV_PASSWORD), and the push's state file in the hub's store.
enum HubCalDAVOutput {
  /// The keys of a CalDAV output's options that are the connection's, as `calendar push`
  /// spells its flags; the others go to the .ics writer.
  static let connectionKeys: [String: Bool] = [  // key: whether it is a flag (true/false)
    "user": false, "netrc": true, "netrc-file": false, "password-file": false, "allow-http": true, "timeout": false, "ca-file": false,
  ]

  static func outputs(quiet: Bool) -> HubOutputs {
    HubOutputs(pusher: { output, dataset, statePath in
      try push(output, dataset: dataset, statePath: statePath)
    })
  }

  static func push(_ output: HubOutput, dataset: TrackerDataset, statePath: String) throws -> String {
    guard let url = output.url else { throw HubPushFailure("no url", status: ExitStatus.usage.rawValue) }
    var arguments: [String] = []
    var writerOptions: [String: String] = [:]
    for (key, value) in output.options.sorted(by: { $0.key < $1.key }) {
      if let isFlag = connectionKeys[key] {
        if isFlag { if value == "true" { arguments.append("--" + key) } } else { arguments += ["--" + key, value] }
      } else {
        writerOptions[key] = value
      }
    }
    do {
      let connection = try CalDAVOptions.parse(arguments)
      let collection = try connection.collection(url)
      try CodecDescriptor.checkOptions(writerOptions, reading: [], writing: [ICalendarCodec.descriptor])
      let objects = try ICalendarCodec().objects(dataset, options: writerOptions)
      let client = WebDAVClient(collection: collection, http: try connection.client(for: collection))
      let push = CalendarSync.CalendarPush(client: client, statePath: statePath)
      let plan = try push.plan(objects, preferLocal: true)
      let result = try push.run(plan, shouldStop: { false })
      if let error = result.stoppedBy { throw HubPushFailure(error.description, status: ExitStatus(error).rawValue) }
      if let first = result.refused.first { throw HubPushFailure(first.error.message, status: ExitStatus(first.error).rawValue) }
      return Trackport.CalendarPush.resultLine(result, collection: client.collection)
    } catch let error as WebDAVError {
      throw HubPushFailure(error.description, status: ExitStatus(error).rawValue)
    } catch let error as CalendarSyncError {
      throw HubPushFailure("\(error)", status: ExitStatus.cannotReadInput.rawValue)
    } catch let error as CodecError {
      throw HubPushFailure(error.description, status: ExitStatus(error.kind).rawValue)
    } catch let error as HubPushFailure {
      throw error
    } catch {
      throw HubPushFailure("\(error)", status: ExitStatus.usage.rawValue)
    }
  }
}
