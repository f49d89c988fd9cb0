import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

/**
 * The /auth island: Sign In and Sign Up tabs. A visitor who is already signed in never sees it:
 * /auth is rendered on demand and redirects them on the server. `returnTo` is the page to go
 * back to afterwards, already checked by safeReturnPath on the server (home when null).
 */
export default function AuthPanel({
	initialTab = 'signin',
	returnTo = null,
}: {
	initialTab?: 'signin' | 'signup';
	returnTo?: string | null;
}) {
	return (
		<Card className="w-full max-w-md">
			<CardHeader>
				<CardTitle as="h2">Welcome to Retail Media Hub</CardTitle>
				<CardDescription>Sign in or create an account to rate, review and discuss platforms.</CardDescription>
			</CardHeader>
			<CardContent>
				<Tabs defaultValue={initialTab}>
					<TabsList className="grid w-full grid-cols-2">
						<TabsTrigger value="signin">Sign In</TabsTrigger>
						<TabsTrigger value="signup">Sign Up</TabsTrigger>
					</TabsList>
					<TabsContent value="signin" className="pt-4">
						<SignInForm returnTo={returnTo} />
					</TabsContent>
					<TabsContent value="signup" className="pt-4">
						<SignUpForm returnTo={returnTo} />
					</TabsContent>
				</Tabs>
			</CardContent>
		</Card>
	);
}
