import InsetCore

/// Two videos exchanging places (full screen and the window): both machines step through
/// `ContentSwapCoordinator` together, and each one's engine does its own part of the steps.
/// See ARCHITECTURE.md, "Two videos".
extension Playback {
    /// Starts a content swap: this video (full screen) goes to the window and `window`'s
    /// comes full screen (`ContentSwapCoordinator`). The app answers the
    /// `restoreUserInterface` step with `finishSwap`.
    public func swap(into window: Playback, using coordinator: inout ContentSwapCoordinator,
              at now: HostTime) -> [ContentSwapCoordinator.Step] {
        let steps = coordinator.swap(fullScreen: &machine, window: &window.machine, at: now)
        performEngineEffects(of: steps, window: window, at: now)
        return steps
    }

    /// The app's answer to the swap's `restoreUserInterface`; see `swap(into:using:at:)`.
    public func finishSwap(restored: Bool, window: Playback, using coordinator: inout ContentSwapCoordinator,
                    at now: HostTime) -> [ContentSwapCoordinator.Step] {
        let steps = coordinator.restoreCompleted(restored, fullScreen: &machine, window: &window.machine, at: now)
        performEngineEffects(of: steps, window: window, at: now)
        return steps
    }

    private func performEngineEffects(of steps: [ContentSwapCoordinator.Step], window: Playback, at now: HostTime) {
        for step in steps {
            (step.side == .toWindow ? self : window).performEngineEffects([step.effect], at: now)
        }
    }
}
