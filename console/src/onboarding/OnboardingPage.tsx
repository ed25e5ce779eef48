export function OnboardingPage() {
  return <h1>Welcome</h1>;
}
