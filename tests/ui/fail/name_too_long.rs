/// Look up one user by id.
#[toolshape::tool(
    format = "json",
    name = "get_user_by_id_from_the_directory_of_all_the_users_of_the_company_including_former_employees_and_contractors_and_interns_and_guests_2024"
)]
fn get_user(id: u32) -> u32 {
    id
}

fn main() {}
