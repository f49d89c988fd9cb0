import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/Tabs';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

/**
 * The /auth island: Sign In and Sign Up tabs. A visitor who is already signed in never sees it:
 * /auth is rendered on demand and redirects them to / on the server.
 */
export default function AuthPanel({ initialTab = 'signin' }: { initialTab?: 'signin' | 'signup' }) {
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
						<SignInForm />
					</TabsContent>
					<TabsContent value="signup" className="pt-4">
						<SignUpForm />
					</TabsContent>
				</Tabs>
			</CardContent>
		</Card>
	);
}
