#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import Monetization
  import Notifications
  import ProfileCore
  import SwiftUI

  #if canImport(UIKit)
    import UIKit
  #endif

  /// Every sentence comes from `ProfileModel`; only fixed labels ("Restore Purchases") are written here.
  public struct ProfileScreen: View {
    @Environment(ProfileModel.self) private var profile

    public init() {}

    public var body: some View {
      NavigationStack {
        Form {
          SubscriptionSection(profile: profile)
          ReminderSection(reminder: profile.reminder)
          RunningModeSection(profile: profile)
          if let sync = profile.favoritesSyncMessage {
            Section("Favorites") {
              Text(verbatim: sync)
                .font(Typography.callout)
                .fixedSize(horizontal: false, vertical: true)
                .listRowBackground(Palette.surface)
            }
          }
          AboutSection(
            links: profile.links, linksNotice: profile.legalLinksNotice, versionText: profile.versionText)
        }
        .scrollContentBackground(.hidden)
        .background(Palette.background)
        .navigationTitle("Profile")
      }
    }
  }

  // MARK: Subscription

  private struct SubscriptionSection: View {
    let profile: ProfileModel

    var body: some View {
      Section("Subscription") {
        VStack(alignment: .leading, spacing: Spacing.xSmall) {
          Text(profile.statusTitle)
            .font(Typography.title)
            .foregroundStyle(Palette.primaryText)
          Text(profile.statusLine)
            .font(Typography.body)
            .foregroundStyle(Palette.secondaryText)
            .fixedSize(horizontal: false, vertical: true)
        }
        .padding(.vertical, Spacing.xSmall)
        .accessibilityElement(children: .combine)
        .listRowBackground(Palette.surface)

        if profile.canRestore {
          Button {
            Task { await profile.restore() }
          } label: {
            HStack(spacing: Spacing.small) {
              Text("Restore Purchases")
              Spacer(minLength: 0)
              if profile.isRestoring {
                ProgressView()
              }
            }
          }
          // A second tap while a restore runs would do nothing; the disabled button says so.
          .disabled(profile.isRestoring)
          .listRowBackground(Palette.surface)
        }

        if profile.canManageSubscription {
          Button("Manage Subscription") {
            Task { await profile.manageSubscription() }
          }
          .listRowBackground(Palette.surface)
        }

        if let error = profile.manageSubscriptionError {
          Text(error)
            .font(Typography.callout)
            .foregroundStyle(Palette.error)
            .fixedSize(horizontal: false, vertical: true)
            .listRowBackground(Palette.surface)
        }
      }
    }
  }

  // MARK: Reminder

  private struct ReminderSection: View {
    let reminder: ReminderScheduler
    @Environment(\.openURL) private var openURL

    var body: some View {
      Section("Daily Reminder") {
        Toggle("Daily Picture Reminder", isOn: isEnabled)
          .listRowBackground(Palette.surface)

        if reminder.settings.isEnabled {
          DatePicker("Time", selection: time, displayedComponents: .hourAndMinute)
            .listRowBackground(Palette.surface)
        }

        if let message = reminder.status.message ?? reminder.timeError {
          Text(message)
            .font(Typography.callout)
            .foregroundStyle(Palette.secondaryText)
            .fixedSize(horizontal: false, vertical: true)
            .listRowBackground(Palette.surface)
        }

        #if os(iOS)
          if reminder.status.offersSettingsApp,
            let settingsURL = URL(string: UIApplication.openSettingsURLString)
          {
            Button("Open Settings") { openURL(settingsURL) }
              .listRowBackground(Palette.surface)
          }
        #endif
      }
    }

    private var isEnabled: Binding<Bool> {
      Binding(
        get: { reminder.isEnabled },
        // The scheduler shows the choice at once, does the work and moves it back on a refusal.
        set: { enabled in reminder.isEnabled = enabled })
    }

    /// The scheduler shows the time at once and reschedules by itself.
    private var time: Binding<Date> {
      Binding(
        get: { reminder.pickerDate(in: .current) },
        set: { date in reminder.choosePickerDate(date, in: .current) })
    }
  }

  // MARK: Running mode

  /// The choice is stored at once and applies on the next launch.
  private struct RunningModeSection: View {
    let profile: ProfileModel

    var body: some View {
      Section {
        Picker("Running Mode", selection: selection) {
          ForEach(RunningMode.allCases, id: \.self) { mode in
            Text(mode.displayName).tag(mode)
          }
        }
        .pickerStyle(.segmented)
        .listRowBackground(Palette.surface)
      } header: {
        Text("Running Mode")
      } footer: {
        // What the setting is and when it applies, then why a choice was refused or what is pending.
        VStack(alignment: .leading, spacing: Spacing.xSmall) {
          Text(profile.runningModeExplanation)
          if let refusal = profile.runningModeRefusal {
            Text(refusal)
              .foregroundStyle(Palette.error)
          } else if let notice = profile.runningModeNotice {
            Text(notice)
          }
        }
      }
    }

    private var selection: Binding<RunningMode> {
      Binding(
        get: { profile.selectedRunningMode },
        set: { mode in profile.selectRunningMode(mode) })
    }
  }

  // MARK: About

  private struct AboutSection: View {
    let links: AppLinks
    let linksNotice: String?
    let versionText: String

    var body: some View {
      Section("About") {
        Link("Terms of Use", destination: links.termsOfUse)
          .listRowBackground(Palette.surface)
        Link("Privacy Policy", destination: links.privacyPolicy)
          .listRowBackground(Palette.surface)
        if let linksNotice {
          Text(linksNotice)
            .font(Typography.callout)
            .foregroundStyle(Palette.secondaryText)
            .fixedSize(horizontal: false, vertical: true)
            .listRowBackground(Palette.surface)
        }
        LabeledContent("Version", value: versionText)
          .font(Typography.metadata)
          .listRowBackground(Palette.surface)
      }
    }
  }

  #if DEBUG
    #Preview("Profile, subscribed") {
      ProfilePreviewHost(sample: ProfilePreviewSample(monetizationEnabled: true))
    }

    #Preview("Profile, monetization off") {
      ProfilePreviewHost(sample: ProfilePreviewSample(monetizationEnabled: false))
    }
  #endif
#endif
